import type { z } from 'zod';
import { StudioError } from '../errors.ts';

/**
 * Checks a request body or query against its schema: BAD_REQUEST naming the
 * first field that does not fit. Where the value fits none of a union's
 * forms, the field named is the one of the form it got furthest into (a
 * query's part with an unknown type says that, not "invalid input").
 */
export function parseWith<T extends z.ZodType>(schema: T, value: unknown, what: string): z.infer<T> {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const issue = deepest(parsed.error.issues[0]!);
  const where = issue.path.length > 0 ? issue.path.map(String).join('.') : what;
  throw new StudioError('BAD_REQUEST', `${what}: ${where}: ${issue.message}`, { details: { issues: parsed.error.issues.slice(0, 10) } });
}

type Issue = z.core.$ZodIssue;

/** The issue with the longest path within a union's issue (its path prefixed), or the issue itself. */
function deepest(issue: Issue): Issue {
  if (issue.code !== 'invalid_union' || issue.errors.length === 0) return issue;
  let best: Issue = issue;
  for (const branch of issue.errors)
    for (const inner of branch) {
      const found = deepest(inner);
      const full = { ...found, path: [...issue.path, ...found.path] } as Issue;
      if (full.path.length > best.path.length) best = full;
    }
  return best;
}
