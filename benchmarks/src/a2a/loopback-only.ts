import net from 'node:net';

/**
 * The A2A benchmark talks HTTP to its own servers, so it cannot use the
 * harness's no-network guard (no-network.ts refuses every socket). This one
 * lets sockets reach loopback only: import it first, and a connection to any
 * other host throws, so no row can reach a model or a remote agent by
 * mistake. Only connects go through it, never a message on an open socket.
 */
const LOOPBACK = new Set(['127.0.0.1', '::1', 'localhost']);

/** The host of Socket#connect's overloaded arguments (undefined: an IPC path or the default host, both local). */
function hostOf(args: unknown[]): string | undefined {
  const [first, second] = args;
  // Node's own callers (http, undici) pass one pre-normalized [options, callback] array.
  if (Array.isArray(first)) return hostOf(first);
  if (typeof first === 'object' && first !== null) {
    const o = first as { host?: unknown; path?: unknown };
    return typeof o.path === 'string' ? undefined : typeof o.host === 'string' ? o.host : undefined;
  }
  return typeof second === 'string' ? second : undefined;
}

const connect = net.Socket.prototype.connect;
net.Socket.prototype.connect = function loopbackConnect(this: net.Socket, ...args: unknown[]) {
  const host = hostOf(args);
  if (host !== undefined && !LOOPBACK.has(host.replace(/^\[|\]$/g, '')))
    throw new Error(`the A2A benchmark connects to loopback only, not to ${host}`);
  return (connect as (...a: unknown[]) => net.Socket).apply(this, args);
} as typeof net.Socket.prototype.connect;
