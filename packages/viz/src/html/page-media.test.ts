import { describe, expect, it } from 'vitest';
import { MAX_IMAGE_BYTES, MAX_PAGE_IMAGE_BYTES, PageMedia } from './page-media.ts';

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
/** `size` bytes that start as a PNG does; `fill` tells images of one size apart. */
function png(size: number, fill = 1): Uint8Array {
  const out = new Uint8Array(size).fill(fill);
  out.set(PNG_SIGNATURE);
  return out;
}
const base64 = (b: Uint8Array) => Buffer.from(b).toString('base64');

describe('PageMedia', () => {
  it('embeds a raster image once as a data: URL, however often it appears', () => {
    const media = new PageMedia();
    const image = png(4033);
    const gif = new Uint8Array([0x47, 0x49, 0x46, 0x38, 0x39, 0x61, 1, 0]);
    expect(media.view({ type: 'image', mediaType: 'image/png', data: image })).toEqual({
      type: 'image',
      mediaType: 'image/png',
      bytes: 4033,
      src: 0,
    });
    expect(media.view({ type: 'image', mediaType: 'image/png', data: image.slice() })).toEqual({
      type: 'image',
      mediaType: 'image/png',
      bytes: 4033,
      src: 0,
    });
    expect(media.view({ type: 'image', mediaType: 'IMAGE/GIF', data: gif })).toEqual({
      type: 'image',
      mediaType: 'image/gif',
      bytes: 8,
      src: 1,
    });
    expect(media.urls).toEqual([`data:image/png;base64,${base64(image)}`, `data:image/gif;base64,${base64(gif)}`]);
  });

  it('labels files, audio and URL images without embedding them, and fetches nothing', () => {
    const media = new PageMedia();
    const pdf = { type: 'file', mediaType: 'application/pdf', name: 'report.pdf', data: new Uint8Array(1200) };
    expect(media.view(pdf)).toEqual({ type: 'file', mediaType: 'application/pdf', name: 'report.pdf', bytes: 1200 });
    expect(media.view({ type: 'audio', mediaType: 'audio/wav', data: new Uint8Array(90) })).toEqual({
      type: 'audio',
      mediaType: 'audio/wav',
      bytes: 90,
    });
    expect(media.view({ type: 'image', url: 'https://example.com/a.png' })).toEqual({ type: 'image', url: 'https://example.com/a.png' });
    expect(media.urls).toEqual([]);
  });

  it('embeds the image of a data: URL part by its bytes, and takes the type from the URL', () => {
    const media = new PageMedia();
    const image = png(100);
    expect(media.view({ type: 'image', url: `data:image/png;base64,${base64(image)}` })).toEqual({
      type: 'image',
      mediaType: 'image/png',
      bytes: 100,
      src: 0,
    });
    expect(media.urls).toEqual([`data:image/png;base64,${base64(image)}`]);
  });

  it('never embeds SVG, a type it does not show, or bytes that are not what their type says', () => {
    const media = new PageMedia();
    const svg = new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>');
    expect(media.view({ type: 'image', mediaType: 'image/svg+xml', data: svg })).toEqual({
      type: 'image',
      mediaType: 'image/svg+xml',
      bytes: svg.byteLength,
      note: 'SVG images are not embedded',
    });
    expect(media.view({ type: 'image', url: `data:image/svg+xml;base64,${base64(svg)}` })).toMatchObject({
      note: 'SVG images are not embedded',
    });
    expect(media.view({ type: 'image', mediaType: 'image/png', data: svg })).toMatchObject({ note: 'its bytes are not image/png' });
    expect(media.view({ type: 'image', mediaType: 'image/tiff', data: png(10) })).toMatchObject({
      note: 'image/tiff is not embedded (only PNG, JPEG, GIF and WebP)',
    });
    expect(media.urls).toEqual([]);
  });

  it('embeds images up to 512 KiB each and 8 MiB for the page, and says why the rest are not', () => {
    const media = new PageMedia();
    expect(media.view({ type: 'image', mediaType: 'image/png', data: png(MAX_IMAGE_BYTES + 1) })).toEqual({
      type: 'image',
      mediaType: 'image/png',
      bytes: MAX_IMAGE_BYTES + 1,
      note: 'over 512 KiB, the limit for one image',
    });
    const fits = MAX_PAGE_IMAGE_BYTES / MAX_IMAGE_BYTES;
    for (let i = 0; i < fits; i++)
      expect(media.view({ type: 'image', mediaType: 'image/png', data: png(MAX_IMAGE_BYTES, i + 1) })).toMatchObject({ src: i });
    expect(media.view({ type: 'image', mediaType: 'image/png', data: png(10, 99) })).toMatchObject({
      note: "the page's 8 MiB of images is used up",
    });
    // An image already embedded still shows: it costs nothing more.
    expect(media.view({ type: 'image', mediaType: 'image/png', data: png(MAX_IMAGE_BYTES, 1) })).toMatchObject({ src: 0 });
    expect(media.urls).toHaveLength(fits);
  });

  it('reads a run log that kept only the size of the bytes', () => {
    const media = new PageMedia();
    expect(media.view({ type: 'image', mediaType: 'image/png', data: '[Uint8Array 102400 bytes]' })).toEqual({
      type: 'image',
      mediaType: 'image/png',
      bytes: 102400,
      note: 'the run log kept only its size',
    });
  });

  it('viewsIn replaces the parts inside any value, and any other binary value by its size', () => {
    const media = new PageMedia();
    const image = png(64);
    const message = {
      role: 'user',
      content: [
        { type: 'text', text: 'see' },
        { type: 'image', mediaType: 'image/png', data: image },
      ],
    };
    expect(media.viewsIn([{ op: 'add', path: ['messages', 0], value: message }, { blob: Buffer.from([1, 2, 3]) }])).toEqual([
      {
        op: 'add',
        path: ['messages', 0],
        value: {
          role: 'user',
          content: [
            { type: 'text', text: 'see' },
            { type: 'image', mediaType: 'image/png', bytes: 64, src: 0 },
          ],
        },
      },
      { blob: '[3 bytes]' },
    ]);
    // An object that merely has a `type` of image is left as it is.
    expect(media.viewsIn({ type: 'image', caption: 'x' })).toEqual({ type: 'image', caption: 'x' });
  });
});
