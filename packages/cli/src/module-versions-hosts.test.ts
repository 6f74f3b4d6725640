/**
 * An agent module's `versions` export on the hosts the commands start — the
 * Studio (serve, dev), an MCP server (mcp), a queue worker (worker) — reaches
 * the agent's Runner there, as `weft run` and `weft resume` give it: the
 * threads they write carry the module's label (each checkpoint's `version`).
 * The worker's part needs WEFT_REDIS_URL.
 */
import { randomBytes } from 'node:crypto';
import { realpathSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { Runner } from '@weft/agents';
import { decodeCheckpoint } from '@weft/graph';
import { SqliteStore } from '@weft/store-sqlite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIXTURES, projectModule, tempDir, weft, weftProcess } from '../test-support/spawn-weft.ts';
import { agent as greeter } from '../test-fixtures/versioned-agent.ts';

const redis = process.env['WEFT_REDIS_URL'];
const SUPPORT_V2 = fileURLToPath(new URL('../../../docs/examples/support/v2/support-v2.ts', import.meta.url));
/** The Greeter's structure hash, the same with and without the label. */
const HASH = new Runner({ agent: greeter }).graph.hash;

/** The labels on a thread's checkpoints, in write order (undefined: written without one). */
async function labels(file: string, threadId: string): Promise<(string | undefined)[]> {
  const store = new SqliteStore({ path: file });
  try {
    const records = (await store.list(threadId)).map((e) => decodeCheckpoint(e.bytes, `${threadId}/${e.id}`));
    return records.sort((a, b) => a.seq - b.seq).map((r) => r.version);
  } finally {
    await store.close();
  }
}

/** Runs a query on a studio and answers its end (waiting for it). */
async function studioRun(base: string, threadId: string) {
  const res = await fetch(new URL(`/api/threads/${threadId}/runs`, base), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ input: { query: 'hi' }, wait: true }),
  });
  return { status: res.status, body: (await res.json()) as { status: string; output?: { finalMessage?: { content?: unknown } } } };
}

describe("an agent module's versions export, on the hosts the commands start", () => {
  let cwd = '';
  beforeAll(() => {
    cwd = realpathSync(tempDir());
    writeFileSync(join(cwd, 'package.json'), '{ "type": "module" }\n');
    for (const f of ['versioned-agent.ts', 'unversioned-agent.ts']) projectModule(cwd, join(FIXTURES, f));
  });
  afterAll(() => rmSync(cwd, { recursive: true, force: true }));

  it("weft serve: the Studio's runs write the module's label, and its thread list shows it", async () => {
    const db = join(cwd, 'serve.db');
    const serve = weftProcess(['serve', 'versioned-agent.ts', '--store', `sqlite:${db}`, '--port', '0'], cwd);
    try {
      await serve.waitFor((l) => l.startsWith('studio ready · agent Greeter · '));
      const base = /^open (\S+)$/.exec(await serve.waitFor((l) => l.startsWith('open ')))![1]!;
      expect(await studioRun(base, 's1')).toEqual({ status: 200, body: expect.objectContaining({ status: 'done' }) });
      const { threads } = (await (await fetch(new URL('/api/threads', base))).json()) as {
        threads: { threadId: string; graph: { version?: string }; version: { status: string } }[];
      };
      expect(threads.map((t) => [t.threadId, t.graph.version, t.version.status])).toEqual([['s1', 'greeter-2', 'current']]);
    } finally {
      serve.child.kill('SIGTERM');
    }
    expect(await serve.exited).toBe(0);
    expect(new Set(await labels(db, 's1'))).toEqual(new Set(['greeter-2']));
  });

  it('weft serve docs/examples/support/v2/support-v2.ts: version 2 of the support system, labelled', async () => {
    const db = join(cwd, 'support.db');
    const serve = weftProcess(['serve', SUPPORT_V2, '--store', `sqlite:${db}`, '--port', '0'], cwd);
    try {
      await serve.waitFor((l) => l.startsWith('studio ready · agent Coordinator · '));
      const base = /^open (\S+)$/.exec(await serve.waitFor((l) => l.startsWith('open ')))![1]!;
      expect((await studioRun(base, 'v2')).body.status).toBe('done');
    } finally {
      serve.child.kill('SIGTERM');
    }
    expect(await serve.exited).toBe(0);
    expect(new Set(await labels(db, 'v2'))).toEqual(new Set(['support-v2']));
  });

  it('weft dev: a save that adds the export serves the label from then on', async () => {
    const db = join(cwd, 'dev.db');
    writeFileSync(join(cwd, 'agent.ts'), `export * from ${JSON.stringify(join(FIXTURES, 'unversioned-agent.ts'))};\n`);
    const dev = weftProcess(['dev', 'agent.ts', '--port', '0', '--store', `sqlite:${db}`], cwd);
    try {
      await dev.waitFor((l) => l.startsWith('studio ready · agent Greeter · '));
      const base = /^open (\S+)$/.exec(await dev.waitFor((l) => l.startsWith('open ')))![1]!;
      expect((await studioRun(base, 'before')).body.status).toBe('done');
      writeFileSync(join(cwd, 'agent.ts'), `export * from ${JSON.stringify(join(FIXTURES, 'versioned-agent.ts'))};\n`);
      expect(await dev.waitFor((l) => l.startsWith('reload'))).toMatch(
        new RegExp(
          `^reloaded agent\\.ts \\(.*versioned-agent\\.ts changed\\) in \\d+ ms · graph ${HASH.slice(0, 8)}$|^reloaded agent\\.ts in \\d+ ms · graph ${HASH.slice(0, 8)}$`,
        ),
      );
      expect((await studioRun(base, 'after')).body.status).toBe('done');
    } finally {
      dev.child.kill('SIGTERM');
    }
    expect(await dev.exited).toBe(0);
    expect(new Set(await labels(db, 'before'))).toEqual(new Set([undefined]));
    expect(new Set(await labels(db, 'after'))).toEqual(new Set(['greeter-2']));
  });

  it("weft mcp: each call's thread carries the label (through the MCP SDK's client)", async () => {
    const db = join(cwd, 'mcp.db');
    const server = weftProcess(['mcp', 'versioned-agent.ts', '--http', '--port', '0', '--store', `sqlite:${db}`], cwd);
    try {
      const ready = await server.waitFor((l) => l.startsWith('mcp ready · '));
      const url = /(http:\/\/127\.0\.0\.1:\d+\/mcp)/.exec(ready)![1]!;
      const client = new Client({ name: 'test', version: '1.0.0' });
      await client.connect(new StreamableHTTPClientTransport(new URL(url)) as unknown as Transport);
      expect(await client.callTool({ name: 'Greeter', arguments: { query: 'hi' } })).toEqual({
        content: [{ type: 'text', text: 'Hello.' }],
      });
      await client.close();
    } finally {
      server.child.kill('SIGTERM');
    }
    expect(await server.exited).toBe(0);
    const store = new SqliteStore({ path: db });
    const threads = await store.threads();
    await store.close();
    expect(threads).toHaveLength(1);
    expect(new Set(await labels(db, threads[0]!.threadId))).toEqual(new Set(['greeter-2']));
  });

  it.skipIf(!redis)("weft worker --also: each version runs with its own module's versions", async () => {
    const db = join(cwd, 'queue.db');
    const queue = `cli-vagent-${randomBytes(4).toString('hex')}`;
    const flags = ['--store', `sqlite:${db}`, '--queue-name', queue];
    // A thread the unlabelled version wrote, before the deploy.
    const before = await weft(['run', 'unversioned-agent.ts', '--input', '"hi"', '--thread', 'old', '--store', `sqlite:${db}`], cwd);
    expect([before.code, before.stderr]).toEqual([0, '']);
    const worker = weftProcess(['worker', 'versioned-agent.ts', '--also', 'unversioned-agent.ts', '--redis', redis!, ...flags], cwd);
    try {
      // Without the label, the two would be one version listed twice (the same structure): refused.
      expect(await worker.waitFor((l) => l.startsWith('worker ready · '))).toMatch(
        new RegExp(`^worker ready · queue ${queue} · target agent \\(agent Greeter\\) · versions ${HASH.slice(0, 8)}, greeter-2 · redis `),
      );
      for (const [module, thread] of [
        ['versioned-agent.ts', 'new'],
        ['versioned-agent.ts', 'old'],
      ] as const) {
        const ran = await weft(['run', module, '--input', '"hi"', '--thread', thread, '--queue', redis!, ...flags], cwd);
        expect([ran.code, ran.stderr]).toEqual([0, '']);
      }
    } finally {
      worker.child.kill('SIGTERM');
    }
    expect(await worker.exited).toBe(0);
    expect(new Set(await labels(db, 'new'))).toEqual(new Set(['greeter-2']));
    // The old thread ran again on the version that wrote it: the unlabelled one.
    expect(new Set(await labels(db, 'old'))).toEqual(new Set([undefined]));
  });
});
