import { createHash, timingSafeEqual } from 'node:crypto';

/** Whether an Authorization header carries the token: compared in constant time (as digests, so lengths never leak). */
export function checkToken(header: string | undefined, token: string): boolean {
  const match = /^Bearer\s+(.+)$/i.exec(header ?? '');
  if (!match) return false;
  return timingSafeEqual(digest(match[1]!.trim()), digest(token));
}

const digest = (text: string) => createHash('sha256').update(text, 'utf8').digest();
