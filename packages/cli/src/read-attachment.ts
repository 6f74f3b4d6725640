import { stat, readFile } from 'node:fs/promises';
import { basename, extname, resolve } from 'node:path';
import type { ContentPart } from '@weft/agents';
import { byteSize } from './byte-size.ts';
import type { CliIo } from './cli-io.ts';
import { CliError } from './errors.ts';

/**
 * The largest file `--attach` sends: 20 MiB, the most the major providers
 * take inline in one request (OpenAI's and Anthropic's image and PDF limits
 * sit at or under it). A larger file would be refused after the upload, and
 * it would sit in every checkpoint of the thread's history.
 */
export const ATTACHMENT_MAX_BYTES = 20 * 1024 * 1024;

/** Media types by file extension; anything else is `application/octet-stream`. */
const MEDIA_TYPES: Readonly<Record<string, string>> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  pdf: 'application/pdf',
  mp3: 'audio/mpeg',
  wav: 'audio/wav',
  ogg: 'audio/ogg',
  m4a: 'audio/mp4',
  txt: 'text/plain',
  md: 'text/markdown',
  csv: 'text/csv',
  json: 'application/json',
};

/** A media type as `--attach <file>:<type>` gives it: `type/subtype`, no parameters. */
const MEDIA_TYPE = /^[a-z0-9][a-z0-9!#$&^_.+-]*\/[a-z0-9][a-z0-9!#$&^_.+-]*$/i;

const HINT = 'check the path (relative to the current folder); --attach takes <file> or <file>:<media type>, e.g. photo.bin:image/png';

/**
 * What `--attach <file>[:<media type>]` sends: the file's bytes as an image
 * (`image/*`), audio (`audio/*`) or file part (anything else, with its name).
 * The media type comes from the extension unless one is given after the last
 * `:`. A file that cannot be read is `ATTACHMENT_UNREADABLE` and one over
 * 20 MiB `ATTACHMENT_TOO_LARGE`, both naming the path, before anything runs.
 *
 * @example
 * await readAttachment('chart.png', io); // { type: 'image', mediaType: 'image/png', data: Uint8Array(…) }
 * await readAttachment('scan.bin:application/pdf', io); // { type: 'file', mediaType: 'application/pdf', name: 'scan.bin', data: … }
 */
export async function readAttachment(spec: string, io: Pick<CliIo, 'cwd'>): Promise<ContentPart> {
  const { path, mediaType } = splitSpec(spec);
  const file = resolve(io.cwd, path);
  const size = await fileSize(spec, file);
  if (size > ATTACHMENT_MAX_BYTES)
    throw new CliError(
      'ATTACHMENT_TOO_LARGE',
      `--attach ${spec}: ${file} is ${byteSize(size)} (${size} bytes); an attachment is at most ${byteSize(ATTACHMENT_MAX_BYTES)}`,
      'attach a smaller file (scale the image down, split the document), or put a link to it in --query',
      { details: { path: file, bytes: size, limit: ATTACHMENT_MAX_BYTES } },
    );
  const buffer = await readFile(file).catch((err: unknown) => {
    throw unreadable(spec, file, err);
  });
  const data = new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength);
  if (mediaType.startsWith('image/')) return { type: 'image', mediaType, data };
  if (mediaType.startsWith('audio/')) return { type: 'audio', mediaType, data };
  return { type: 'file', mediaType, name: basename(file), data };
}

/** `photo.bin:image/png` → the path and the given type; `photo.png` → the path and its extension's type. */
function splitSpec(spec: string): { path: string; mediaType: string } {
  const colon = spec.lastIndexOf(':');
  const given = colon > 0 ? spec.slice(colon + 1) : '';
  if (MEDIA_TYPE.test(given)) return { path: spec.slice(0, colon), mediaType: given.toLowerCase() };
  const ext = extname(spec).slice(1).toLowerCase();
  return { path: spec, mediaType: MEDIA_TYPES[ext] ?? 'application/octet-stream' };
}

async function fileSize(spec: string, file: string): Promise<number> {
  let info;
  try {
    info = await stat(file);
  } catch (err) {
    throw unreadable(spec, file, err);
  }
  if (!info.isFile()) throw unreadable(spec, file, new Error('not a file'));
  return info.size;
}

function unreadable(spec: string, file: string, err: unknown): CliError {
  const code = (err as { code?: unknown }).code;
  const why = code === 'ENOENT' ? 'no such file' : code === 'EACCES' ? 'permission denied' : (err as Error).message;
  return new CliError('ATTACHMENT_UNREADABLE', `--attach ${spec}: cannot read ${file} (${why})`, HINT, {
    cause: err,
    details: { path: file },
  });
}
