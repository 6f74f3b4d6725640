// @ts-check
/**
 * The bytes of a thread's images, files and audio, as the page shows them.
 * The events and the transcript say a part's bytes by hash (`data: { bytes,
 * sha256 }`); GET /api/threads/:id/content/:sha256 serves them. They are
 * fetched as every API call is (with the token, when the server has one:
 * an <img src> could not send it) and shown from a `blob:` URL this page
 * made, so the page's CSP allows images and media from `blob:` and nothing
 * else of elsewhere.
 *
 * Only raster images are drawn (the server serves nothing else as an image);
 * every other part is a download of `application/octet-stream` bytes, so an
 * SVG or HTML file opened from it runs nothing.
 */

/** @typedef {{ bytes: number, sha256?: string }} PartBytes */
/** A content part as events carry it. @typedef {{ type: string, mediaType?: unknown, name?: unknown, data?: unknown, url?: unknown, text?: unknown }} MediaPart */

/** Image types drawn inline (as the server serves them). */
const RASTER_TYPES = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'image/avif']);

/** A byte size as people read it: `812 B`, `41.2 KB`, `3.4 MB`. @param {number} n */
function sizeText(n) {
  if (n < 1000) return `${n} B`;
  if (n < 1_000_000) return `${(n / 1000).toFixed(1)} KB`;
  return `${(n / 1_000_000).toFixed(1)} MB`;
}

/** The bytes a part's data says, when it says them by hash. @param {unknown} data @returns {PartBytes | undefined} */
function partBytes(data) {
  if (!isRecord(data) || typeof data['bytes'] !== 'number') return undefined;
  return { bytes: data['bytes'], ...(typeof data['sha256'] === 'string' ? { sha256: data['sha256'] } : {}) };
}

/**
 * One open thread's media: it fetches the parts' bytes and keeps the
 * `blob:` URLs it made, given back when the thread is closed (`dispose`).
 */
class ThreadMedia {
  /** @type {string[]} */
  #urls = [];
  /** @type {Map<string, Promise<Blob | undefined>>} one fetch per hash */
  #blobs = new Map();

  /** @param {string | undefined} threadId */
  constructor(threadId) {
    this.threadId = threadId;
  }

  dispose() {
    for (const url of this.#urls) URL.revokeObjectURL(url);
    this.#urls = [];
    this.#blobs.clear();
  }

  /**
   * A media part's element: an image (a link to it full size around it), an
   * audio player, or a download link; a note when its bytes are not here.
   * @param {MediaPart} part @returns {HTMLElement}
   */
  view(part) {
    const type = typeof part.mediaType === 'string' ? part.mediaType.toLowerCase() : '';
    const bytes = partBytes(part.data);
    if (part.type === 'image' && bytes === undefined) return urlImage(part);
    const box = el('div', 'part');
    box.dataset['type'] = part.type;
    if (bytes?.sha256) box.dataset['sha256'] = bytes.sha256;
    const label = partLabel(part, type, bytes);
    if (!bytes?.sha256 || !this.threadId) {
      box.append(el('p', 'part-label muted', `${label} (not shown: the server did not send it)`));
      return box;
    }
    box.dataset['state'] = 'loading';
    box.append(el('p', 'part-label', label));
    void this.#fill(
      box,
      part.type === 'image' && RASTER_TYPES.has(type) ? 'image' : part.type === 'audio' ? 'audio' : 'file',
      bytes.sha256,
      part,
      type,
    );
    return box;
  }

  /** @param {HTMLElement} box @param {'image' | 'audio' | 'file'} how @param {string} sha256 @param {MediaPart} part @param {string} type */
  async #fill(box, how, sha256, part, type) {
    const blob = await this.#blob(sha256);
    if (!blob) {
      box.dataset['state'] = 'missing';
      box.append(
        el('p', 'part-missing', `${part.type === 'image' ? 'image' : part.type} no longer available: reopen the thread to load it again`),
      );
      return;
    }
    // Audio plays from a copy typed as the part says (audio/…): opened on its own it plays, and runs nothing.
    const url = this.#url(how === 'audio' && /^audio\/[\w.+-]+$/.test(type) ? new Blob([blob], { type }) : blob);
    if (how === 'image') box.append(imageLink(url, typeof part.name === 'string' ? part.name : 'image'));
    else if (how === 'audio') box.append(audioPlayer(url));
    else box.append(downloadLink(url, fileNameOf(part, sha256)));
    box.dataset['state'] = 'ready';
  }

  /** The bytes at a hash, fetched once; undefined when the server no longer keeps them. @param {string} sha256 */
  #blob(sha256) {
    let blob = this.#blobs.get(sha256);
    if (!blob) {
      const path = threadPath(this.threadId ?? '', `content/${sha256}`);
      blob = authorizedFetch(path)
        .then((res) => (res.ok ? res.blob() : undefined))
        .catch(() => undefined);
      this.#blobs.set(sha256, blob);
    }
    return blob;
  }

  /** @param {Blob} blob */
  #url(blob) {
    const url = URL.createObjectURL(blob);
    this.#urls.push(url);
    return url;
  }
}

/** What a part is, in words: `image/png · 41.2 KB`, `report.pdf · application/pdf · 3.4 MB`. @param {MediaPart} part @param {string} type @param {PartBytes | undefined} bytes */
function partLabel(part, type, bytes) {
  const name = typeof part.name === 'string' && part.name ? [part.name] : [];
  return [...name, type || part.type, ...(bytes ? [sizeText(bytes.bytes)] : [])].join(' · ');
}

/** A download's file name: the part's, else one from the hash. @param {MediaPart} part @param {string} sha256 */
function fileNameOf(part, sha256) {
  return typeof part.name === 'string' && part.name ? part.name : `${part.type}-${sha256.slice(0, 12)}`;
}

/** An image, bounded in size, that opens full size in a new tab. @param {string} url @param {string} alt */
function imageLink(url, alt) {
  const a = /** @type {HTMLAnchorElement} */ (el('a', 'part-open'));
  a.href = url;
  a.target = '_blank';
  a.rel = 'noopener';
  a.title = 'Open full size in a new tab';
  const img = /** @type {HTMLImageElement} */ (el('img', 'part-image'));
  img.src = url;
  img.alt = alt;
  a.append(img);
  return a;
}

/** @param {string} url */
function audioPlayer(url) {
  const audio = /** @type {HTMLAudioElement} */ (el('audio', 'part-audio'));
  audio.controls = true;
  audio.preload = 'metadata';
  audio.src = url;
  return audio;
}

/** @param {string} url @param {string} name */
function downloadLink(url, name) {
  const a = /** @type {HTMLAnchorElement} */ (el('a', 'part-download', `Download ${name}`));
  a.href = url;
  a.download = name;
  return a;
}

/** An image given by URL: drawn from a data: URL of a raster type; any other said not shown (the page loads nothing from elsewhere). @param {MediaPart & { alt?: unknown }} part */
function urlImage(part) {
  const url = typeof part.url === 'string' ? part.url : '';
  if (!/^data:image\/(png|jpeg|gif|webp|avif)[;,]/i.test(url)) return el('p', 'text muted', '[image not shown: only data: URLs are]');
  const img = /** @type {HTMLImageElement} */ (el('img', 'part-image'));
  img.src = url;
  img.alt = typeof part.alt === 'string' ? part.alt : 'image';
  return img;
}
