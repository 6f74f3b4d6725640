import { createHash, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';

/** Who may talk to the HTTP server. */
export interface HttpGuardOptions {
  /** The bearer token every request must carry; undefined: none is asked for. */
  token: string | undefined;
  /** The `host:port` values the Host header may have (a loopback server's own); undefined: any. */
  hosts: readonly string[] | undefined;
  /** The URL clients should use, for the messages. */
  url: string;
  /** What the server is, for the messages: `A2A`, `MCP`. */
  server: string;
  /** Where its token is set, for the messages: "serveA2A()'s token option; weft a2a --token or WEFT_A2A_TOKEN". */
  tokenFrom: string;
}

/**
 * Checks a request to a Weft server on node:http (serveA2A, serveMcp)
 * before its handler reads it, and answers a refused one itself (returning
 * false): a Host header that is not
 * the loopback server's own host and port gets 403 (DNS rebinding: a web
 * page whose name was made to point at 127.0.0.1 sends its own name), a
 * request without the bearer token 401 with `WWW-Authenticate: Bearer`.
 * Both answer `{ error: { code, message } }`. The token is compared in
 * constant time, as SHA-256 digests, so neither its characters nor its
 * length show in the timing.
 */
export function httpGuard(options: HttpGuardOptions): (req: IncomingMessage, res: ServerResponse) => boolean {
  const hosts = options.hosts && new Set(options.hosts.map(hostKey));
  const expected = options.token === undefined ? undefined : digest(options.token);
  return (req, res) => {
    const host = req.headers.host;
    if (hosts && !hosts.has(hostKey(host ?? ''))) {
      const which = host === undefined ? 'the request has no Host header' : `the Host header ${JSON.stringify(host)} is not this server's`;
      const message = `${which}: a loopback ${options.server} server answers only to its own address, so a web page that rebinds a name to this machine is refused; connect to ${options.url}`;
      refuse(res, 403, {}, 'HOST_NOT_ALLOWED', message);
      return false;
    }
    if (!expected) return true;
    const given = /^Bearer[ \t]+(\S+)[ \t]*$/i.exec(req.headers.authorization ?? '')?.[1];
    if (given === undefined) {
      const message = `this ${options.server} server needs a bearer token: send the header "Authorization: Bearer <token>" with the token it was started with (${options.tokenFrom})`;
      refuse(res, 401, { 'www-authenticate': 'Bearer' }, 'UNAUTHORIZED', message);
      return false;
    }
    if (!timingSafeEqual(digest(given), expected)) {
      const message = `the bearer token is not the one this ${options.server} server was started with (${options.tokenFrom}): send "Authorization: Bearer <token>" with that token`;
      refuse(res, 401, { 'www-authenticate': 'Bearer error="invalid_token"' }, 'UNAUTHORIZED', message);
      return false;
    }
    return true;
  };
}

const digest = (text: string): Buffer => createHash('sha256').update(text).digest();

/** A Host header (or `host:port`) as the URL parser reads it: lowercase, IPv6 compressed, the port given (80 when left out). */
function hostKey(host: string): string {
  try {
    const url = new URL(`http://${host}`);
    return url.username || url.password || url.pathname !== '/' ? '' : `${url.hostname}:${url.port || '80'}`;
  } catch {
    return '';
  }
}

function refuse(res: ServerResponse, status: number, headers: Record<string, string>, code: string, message: string): void {
  res.writeHead(status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify({ error: { code, message } }));
}
