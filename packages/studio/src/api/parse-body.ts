import type { z } from 'zod';
import { StudioError } from '../errors.ts';

/** Checks a request body or query against its schema: BAD_REQUEST naming the first field that does not fit. */
export function parseWith<T extends z.ZodType>(schema: T, value: unknown, what: string): z.infer<T> {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0]!;
  const where = issue.path.length > 0 ? issue.path.map(String).join('.') : what;
  throw new StudioError('BAD_REQUEST', `${what}: ${where}: ${issue.message}`, { details: { issues: parsed.error.issues.slice(0, 10) } });
}
