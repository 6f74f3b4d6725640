import { usageError } from './errors.ts';

/** The shortest key @weft/bullmq takes: HMAC-SHA256 is as strong as its key, up to 32 bytes. */
const MIN_KEY_BYTES = 32;

/**
 * The secret `weft worker` signs distributed tasks with, from
 * `WEFT_SIGNING_KEY` (never a flag: a command line is visible to every user
 * of the machine in `ps`). Unset, tasks are not signed. Set, it must be at
 * least 32 bytes (its UTF-8 bytes are the key, as WeftWorker's signingKey
 * takes a string); a shorter or empty one is a usage error, never a silent
 * fallback to unsigned tasks. The key itself is never printed.
 */
export function signingKeyFromEnv(env: Readonly<Record<string, string | undefined>>): string | undefined {
  const key = env['WEFT_SIGNING_KEY'];
  if (key === undefined) return undefined;
  const bytes = Buffer.byteLength(key, 'utf8');
  if (bytes >= MIN_KEY_BYTES) return key;
  throw usageError(
    `WEFT_SIGNING_KEY is ${bytes === 0 ? 'empty' : `${bytes} bytes long`}: a signing key needs at least ${MIN_KEY_BYTES} bytes`,
    'set it to the same random secret on every worker of the queue, e.g. WEFT_SIGNING_KEY="$(openssl rand -base64 32)"; or unset it to run without signed tasks',
  );
}
