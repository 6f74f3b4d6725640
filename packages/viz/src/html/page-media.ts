import { createHash } from 'node:crypto';

/** The largest image the page embeds: a thumbnail's source, not an archive. */
export const MAX_IMAGE_BYTES = 512 * 1024;
/** The images of one page together (base64 makes the page about 4/3 of this). */
export const MAX_PAGE_IMAGE_BYTES = 8 * 1024 * 1024;

/**
 * An image, file or audio part as the page shows it. The bytes never travel:
 * an image the page embeds is `src`, an index into the page's `media` list of
 * `data:` URLs (one per distinct image, however often it appears); anything
 * else is labelled by its type, name and size, with `note` saying why an
 * image is not shown.
 */
export interface MediaView {
  type: 'image' | 'file' | 'audio';
  mediaType?: string;
  name?: string;
  bytes?: number;
  src?: number;
  /** A URL the run gave instead of bytes: shown as text, never fetched. */
  url?: string;
  note?: string;
}

/** The raster types a browser shows from a `data:` URL, with the bytes each starts with. */
const RASTER: Readonly<Record<string, (b: Uint8Array) => boolean>> = {
  'image/png': (b) => starts(b, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  'image/jpeg': (b) => starts(b, [0xff, 0xd8, 0xff]),
  'image/gif': (b) => starts(b, [0x47, 0x49, 0x46, 0x38]),
  'image/webp': (b) => starts(b, [0x52, 0x49, 0x46, 0x46]) && starts(b.subarray(8), [0x57, 0x45, 0x42, 0x50]),
};

/** How a run log written before bytes were kept shows them: only their size. */
const SIZE_ONLY = /^\[(?:Uint8Array |Buffer )?(\d+) bytes\]$/;

/**
 * The media of one page: turns content parts into `MediaView`s, embedding
 * raster images (PNG, JPEG, GIF, WebP whose bytes are what their type says)
 * of at most 512 KiB each, 8 MiB for the page, each distinct image once. An
 * SVG is never embedded: it is a document, not a picture, and can carry
 * script and links. Past a limit the part is labelled "not embedded".
 *
 * @example
 * const media = new PageMedia();
 * media.view({ type: 'image', mediaType: 'image/png', data: png }); // { type: 'image', mediaType: 'image/png', bytes: 4033, src: 0 }
 * media.urls; // ['data:image/png;base64,iVBORw0…']
 */
export class PageMedia {
  /** The `data:` URLs, in the order first seen. */
  readonly urls: string[] = [];
  readonly #byHash = new Map<string, number>();
  #used = 0;

  /** A part's view, or undefined when `value` is not an image, file or audio part. */
  view(value: unknown): MediaView | undefined {
    if (!isRecord(value)) return undefined;
    const { type, mediaType, name, data, url } = value;
    if (type !== 'image' && type !== 'file' && type !== 'audio') return undefined;
    const bytes = bytesOf(data) ?? dataUrlBytes(url);
    const declared = typeof mediaType === 'string' ? mediaType.toLowerCase() : (bytes?.mediaType ?? undefined);
    if (bytes === undefined && typeof url !== 'string' && sizeOnly(data) === undefined) return undefined;
    const view: MediaView = { type };
    if (declared) view.mediaType = declared;
    if (typeof name === 'string') view.name = name;
    if (bytes) view.bytes = bytes.data.byteLength;
    else if (typeof url === 'string') view.url = url;
    else {
      view.bytes = sizeOnly(data);
      if (type === 'image') view.note = 'the run log kept only its size';
      return view;
    }
    if (type === 'image' && bytes) this.#embed(view, bytes.data);
    return view;
  }

  #embed(view: MediaView, data: Uint8Array): void {
    const type = view.mediaType ?? '';
    const matches = RASTER[type];
    if (type === 'image/svg+xml') return void (view.note = 'SVG images are not embedded');
    if (!matches) return void (view.note = `${type || 'an image without a media type'} is not embedded (only PNG, JPEG, GIF and WebP)`);
    if (!matches(data)) return void (view.note = `its bytes are not ${type}`);
    const hash = createHash('sha256').update(data).digest('hex');
    const seen = this.#byHash.get(hash);
    if (seen !== undefined) return void (view.src = seen);
    if (data.byteLength > MAX_IMAGE_BYTES) return void (view.note = `over ${MAX_IMAGE_BYTES / 1024} KiB, the limit for one image`);
    if (this.#used + data.byteLength > MAX_PAGE_IMAGE_BYTES)
      return void (view.note = `the page's ${MAX_PAGE_IMAGE_BYTES / (1024 * 1024)} MiB of images is used up`);
    this.#used += data.byteLength;
    view.src = this.urls.push(`data:${type};base64,${Buffer.from(data.buffer, data.byteOffset, data.byteLength).toString('base64')}`) - 1;
    this.#byHash.set(hash, view.src);
  }

  /**
   * A copy of `value` with every content part in it replaced by its view and
   * any other binary value by `[N bytes]`: what a state patch or an interrupt
   * carries, ready to embed.
   */
  viewsIn(value: unknown): unknown {
    if (ArrayBuffer.isView(value)) return `[${value.byteLength} bytes]`;
    if (value === null || typeof value !== 'object') return value;
    const view = this.view(value);
    if (view) return view;
    if (Array.isArray(value)) return value.map((v) => this.viewsIn(v));
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, this.viewsIn(v)]));
  }
}

function bytesOf(data: unknown): { data: Uint8Array; mediaType?: undefined } | undefined {
  return data instanceof Uint8Array ? { data } : undefined;
}

/** The bytes of a base64 `data:` URL, with the media type it names. */
function dataUrlBytes(url: unknown): { data: Uint8Array; mediaType: string } | undefined {
  if (typeof url !== 'string') return undefined;
  const match = /^data:([^;,]*)(?:;[^;,]*)*;base64,/i.exec(url);
  if (!match) return undefined;
  return { data: new Uint8Array(Buffer.from(url.slice(match[0].length), 'base64')), mediaType: (match[1] ?? '').toLowerCase() };
}

function sizeOnly(data: unknown): number | undefined {
  const match = typeof data === 'string' ? SIZE_ONLY.exec(data) : null;
  return match ? Number(match[1]) : undefined;
}

function starts(bytes: Uint8Array, prefix: readonly number[]): boolean {
  return bytes.length >= prefix.length && prefix.every((b, i) => bytes[i] === b);
}

const isRecord = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);
