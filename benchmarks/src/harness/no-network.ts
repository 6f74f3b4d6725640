import net from 'node:net';

/**
 * Benchmarks must never talk to a model or telemetry endpoint: that would both
 * leak and distort timings. Import this module first; any outbound socket or
 * fetch throws, and the attempts are reported at the end of the run.
 */
export const networkAttempts: string[] = [];

/** host:port (or IPC path) out of Socket#connect's overloaded arguments. */
function describe(args: unknown[]): string {
  const [first, second] = args;
  // Node's own callers (http, tls) pass one pre-normalized [options, callback] array.
  if (Array.isArray(first)) return describe(first);
  if (typeof first === 'object' && first !== null) {
    const o = first as { host?: unknown; port?: unknown; path?: unknown };
    return typeof o.path === 'string' ? o.path : `${String(o.host ?? 'localhost')}:${String(o.port)}`;
  }
  return typeof second === 'string' ? `${second}:${String(first)}` : String(first);
}

net.Socket.prototype.connect = function blockedConnect(...args: unknown[]): never {
  const target = describe(args);
  networkAttempts.push(`socket ${target}`);
  throw new Error(`network disabled in benchmarks (socket ${target})`);
} as typeof net.Socket.prototype.connect;

globalThis.fetch = async (input: string | URL | Request): Promise<Response> => {
  const url = input instanceof Request ? input.url : String(input);
  networkAttempts.push(`fetch ${url}`);
  throw new Error(`network disabled in benchmarks (fetch ${url})`);
};
