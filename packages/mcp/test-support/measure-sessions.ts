/**
 * What an HTTP MCP server holds after many requests without a session id:
 * the heap (after a full GC) every 6,000 POSTs of `initialize` (each starts
 * a session) or of `tools/list` (starts none, answered 400).
 *
 *   npx tsx --conditions @weft/source --expose-gc test-support/measure-sessions.ts [initialize|tools/list] [maxSessions]
 */
import { request } from 'node:http';
import { serveMcp } from '../src/index.ts';
import { expense } from './serve-harness.ts';

const method = process.argv[2] ?? 'initialize';
const maxSessions = process.argv[3] === undefined ? undefined : Number(process.argv[3]);
const params =
  method === 'initialize' ? { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } } : {};

function post(url: string, id: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(url, {
      method: 'POST',
      agent: false,
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
    });
    req.once('error', reject);
    req.once('response', (res) => {
      res.resume();
      res.once('end', () => resolve(res.statusCode ?? 0));
    });
    req.end(JSON.stringify({ jsonrpc: '2.0', id, method, params }));
  });
}

function memory(): string {
  (globalThis as { gc?: () => void }).gc?.();
  const m = process.memoryUsage();
  return `heap ${(m.heapUsed / 2 ** 20).toFixed(1)} MB, rss ${(m.rss / 2 ** 20).toFixed(0)} MB`;
}

const served = await serveMcp(expense(), { transport: 'http', ...(maxSessions ? { maxSessions } : {}) });
console.log(`${method}: before, ${memory()}`);
for (let round = 1; round <= 3; round++) {
  for (let i = 0; i < 6000; i++) await post(served.url!, i);
  console.log(`${method}: after ${round * 6000} requests, ${memory()}`);
}
await served.close();
