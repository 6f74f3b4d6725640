/** Image types a browser draws without running anything: served as themselves, inline. */
const RASTER_IMAGES: ReadonlySet<string> = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'image/avif']);

/** How the content route serves bytes of a media type. */
export interface ServedType {
  contentType: string;
  /** `inline` for a raster image, `attachment` (a download) for anything else. */
  disposition: 'inline' | 'attachment';
}

/**
 * How bytes of a part's media type are served: a raster image as itself,
 * inline; anything else (SVG, HTML, PDF, audio, unknown) as
 * `application/octet-stream`, as an attachment.
 *
 * Why so narrow: the media type comes from the run (a model, a tool, a
 * request), and served as itself under the studio's origin an SVG or HTML
 * document runs its script there; a download runs nothing. The page makes
 * its own typed copies of the bytes for audio and downloads.
 */
export function servedType(mediaType: string): ServedType {
  const type = mediaType.split(';')[0]!.trim().toLowerCase();
  if (RASTER_IMAGES.has(type)) return { contentType: type, disposition: 'inline' };
  return { contentType: 'application/octet-stream', disposition: 'attachment' };
}
