import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { isLoopback } from '@weft/common';
import { createStudio, type Studio, type StudioOptions } from './create-studio.ts';
import { StudioError } from './errors.ts';

export interface ServeStudioOptions extends StudioOptions {
  /** Default 4300; 0 takes any free port. */
  port?: number;
  /** Default 127.0.0.1. Anything but loopback needs a token. */
  host?: string;
}

/**
 * A listening studio: its address, `close()`, which stops listening and
 * waits for the runs it started, and the studio's replaceTarget and
 * reportTargetError (see Studio).
 */
export interface ServedStudio extends Pick<Studio, 'replaceTarget' | 'reportTargetError'> {
  url: string;
  close(): Promise<void>;
}

/**
 * Serves Weft Studio over HTTP on `host:port`. Listening beyond loopback
 * without a token is refused (TOKEN_REQUIRED): the API runs the target and
 * reads every thread.
 */
export async function serveStudio(options: ServeStudioOptions): Promise<ServedStudio> {
  const host = options.host ?? '127.0.0.1';
  if (!isLoopback(host) && options.token === undefined)
    throw new StudioError(
      'TOKEN_REQUIRED',
      `serveStudio(): listening on ${host} (beyond this machine) needs a token: pass token (weft serve --token)`,
    );
  const studio = createStudio(options);
  const server = serve({ fetch: studio.fetch, port: options.port ?? 4300, hostname: host });
  await new Promise<void>((resolve, reject) => {
    server.once('listening', resolve);
    server.once('error', reject);
  });
  // The drawings were laid out meanwhile: a page opened once this resolves gets its graph at once.
  await studio.ready;
  const { port } = server.address() as AddressInfo;
  const shown = host.includes(':') ? `[${host}]` : host;
  let closing: Promise<void> | undefined;
  const close = () =>
    (closing ??= (async () => {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        (server as { closeAllConnections?: () => void }).closeAllConnections?.();
      });
      await studio.close();
    })());
  return {
    url: `http://${shown}:${port}/`,
    close,
    replaceTarget: (target, replace) => studio.replaceTarget(target, replace),
    reportTargetError: (error) => studio.reportTargetError(error),
  };
}
