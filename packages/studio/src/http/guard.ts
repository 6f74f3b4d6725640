import type { MiddlewareHandler } from 'hono';
import { isLoopback } from '@weft/common';
import { errorBody, StudioError } from '../errors.ts';
import { checkToken } from './check-token.ts';
import { hostNameOf } from './host-name-of.ts';

/** Who may call the API. */
export interface GuardOptions {
  /** Required as `Authorization: Bearer <token>` on every /api request when set. */
  token: string | undefined;
  /** Host names the server answers to (DNS-rebinding protection); undefined: loopback names only unless a token is set. */
  allowedHosts: readonly string[] | undefined;
}

/**
 * The API's gate, before any handler reads anything: the Host header must be
 * one the server answers to (a page on another site that rebinds its name to
 * 127.0.0.1 gets 403), a browser request from another origin is refused (CORS
 * stays closed: no Access-Control headers are ever sent), and the bearer
 * token must match when one is set.
 */
export function guard(options: GuardOptions): MiddlewareHandler {
  return async (c, next) => {
    // A request made in the process (studio.fetch(new Request(url))) has no Host header: its URL names the host.
    const host = c.req.header('host') ?? new URL(c.req.url).host;
    const name = hostNameOf(host).toLowerCase();
    const allowed = options.allowedHosts
      ? options.allowedHosts.map((h) => h.toLowerCase()).includes(name)
      : options.token !== undefined || isLoopback(name);
    if (!allowed) return refuse(c, 403, new StudioError('FORBIDDEN', `this server does not answer to the host "${name}"`));
    const origin = c.req.header('origin');
    if (origin !== undefined && origin !== 'null' && safeHost(origin) !== host.toLowerCase())
      return refuse(c, 403, new StudioError('FORBIDDEN', `requests from ${origin} are refused: the studio answers its own page only`));
    if (options.token !== undefined && !checkToken(c.req.header('authorization'), options.token)) {
      c.header('WWW-Authenticate', 'Bearer realm="weft studio"');
      return refuse(
        c,
        401,
        new StudioError('UNAUTHORIZED', 'send the server\'s token as "Authorization: Bearer <token>" (weft serve printed it)'),
      );
    }
    await next();
  };
}

function refuse(c: Parameters<MiddlewareHandler>[0], status: 401 | 403, err: StudioError) {
  return c.json(errorBody(err), status);
}

function safeHost(origin: string): string | undefined {
  try {
    return new URL(origin).host.toLowerCase();
  } catch {
    return undefined;
  }
}
