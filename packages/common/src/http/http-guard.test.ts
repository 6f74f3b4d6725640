import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { httpGuard, type HttpGuardOptions } from '../index.ts';

const servers: Server[] = [];
afterEach(() => servers.splice(0).forEach((s) => s.close()));

/** A server whose handler counts the requests the guard let through. */
async function guarded(options: Omit<HttpGuardOptions, 'url' | 'server' | 'tokenFrom' | 'hosts'> & { loopbackHosts: boolean }) {
  let reached = 0;
  const server = createServer();
  servers.push(server);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;
  const hosts = options.loopbackHosts ? [`127.0.0.1:${port}`, `localhost:${port}`] : undefined;
  const guard = httpGuard({ token: options.token, hosts, url, server: 'Test', tokenFrom: 'serveTest()’s token option' });
  server.on('request', (req, res) => {
    if (!guard(req, res)) return;
    reached++;
    res.end('ok');
  });
  /** Sends a GET with these headers (node:http: the Host header is sent as given). */
  const send = (headers: Record<string, string>) =>
    new Promise<{ status: number; headers: Record<string, unknown>; body: string }>((resolve, reject) => {
      const req = request(url, { headers }, (res) => {
        let body = '';
        res.on('data', (c: Buffer) => (body += c.toString()));
        res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body }));
      });
      req.once('error', reject).end();
    });
  return { send, port, reached: () => reached };
}

describe('httpGuard', () => {
  it("refuses a Host header that is not a loopback server's own (403 HOST_NOT_ALLOWED), before its handler runs", async () => {
    const s = await guarded({ token: undefined, loopbackHosts: true });
    const refused = await s.send({ host: 'evil.example' });
    expect(refused.status).toBe(403);
    expect(JSON.parse(refused.body)).toEqual({
      error: {
        code: 'HOST_NOT_ALLOWED',
        message: `the Host header "evil.example" is not this server's: a loopback Test server answers only to its own address, so a web page that rebinds a name to this machine is refused; connect to http://127.0.0.1:${s.port}`,
      },
    });
    expect((await s.send({ host: `LOCALHOST:${s.port}` })).status).toBe(200);
    expect(s.reached()).toBe(1);
  });

  it('asks for the bearer token (401 with WWW-Authenticate), refuses a wrong one, and lets the right one through', async () => {
    const s = await guarded({ token: 's3cret', loopbackHosts: false });
    const none = await s.send({});
    expect([none.status, none.headers['www-authenticate'], JSON.parse(none.body).error]).toEqual([
      401,
      'Bearer',
      {
        code: 'UNAUTHORIZED',
        message: `this Test server needs a bearer token: send the header "Authorization: Bearer <token>" with the token it was started with (serveTest()’s token option)`,
      },
    ]);
    const wrong = await s.send({ authorization: 'Bearer s3cre' });
    expect([wrong.status, wrong.headers['www-authenticate'], JSON.parse(wrong.body).error.code]).toEqual([
      401,
      'Bearer error="invalid_token"',
      'UNAUTHORIZED',
    ]);
    expect((await s.send({ authorization: 'Basic s3cret' })).status).toBe(401);
    expect(s.reached()).toBe(0);
    const right = await s.send({ authorization: 'bearer   s3cret ' });
    expect([right.status, right.body, s.reached()]).toEqual([200, 'ok', 1]);
  });
});
