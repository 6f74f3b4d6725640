import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const INDEX = fileURLToPath(new URL('../index.ts', import.meta.url));
const READ_SSE = fileURLToPath(new URL('./read-sse.ts', import.meta.url));

describe('eventsource-parser is loaded by the first server-sent event stream, not by importing @weft/models', () => {
  it('a fresh process resolves it only once readSse reads a body, and the events come through', () => {
    // A resolve hook (off-thread) records every specifier; asked through a port, it answers with what it saw so far.
    const script = `
      import { register } from 'node:module';
      import { MessageChannel } from 'node:worker_threads';
      const { port1, port2 } = new MessageChannel();
      const hook = 'const seen = []; export function initialize({ port }) { port.on("message", () => port.postMessage(seen)); port.unref(); }' +
        'export async function resolve(s, c, next) { seen.push(s); return next(s, c); }';
      register('data:text/javascript,' + encodeURIComponent(hook), { data: { port: port2 }, transferList: [port2] });
      const parser = () => new Promise((answer) => {
        port1.once('message', (seen) => answer(seen.filter((s) => s === 'eventsource-parser').length));
        port1.postMessage('seen?');
      });
      await import(${JSON.stringify(INDEX)});
      const atImport = await parser();
      const { readSse } = await import(${JSON.stringify(READ_SSE)});
      const body = new ReadableStream({ start(c) { c.enqueue(new TextEncoder().encode('data: a\\n\\ndata: b\\n\\n')); c.close(); } });
      const events = [];
      for await (const data of readSse(body)) events.push(data);
      const afterStream = await parser();
      port1.close();
      console.log(JSON.stringify({ atImport, afterStream, events }));`;
    const out = execFileSync(process.execPath, ['--conditions=@weft/source', '--import', 'tsx', '--input-type=module', '-e', script], {
      cwd: fileURLToPath(new URL('../..', import.meta.url)),
      encoding: 'utf8',
    });
    expect(JSON.parse(out.trim().split('\n').pop() ?? '')).toEqual({ atImport: 0, afterStream: 1, events: ['a', 'b'] });
  });
});
