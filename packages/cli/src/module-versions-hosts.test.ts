/**
 * An agent module's `versions` export where the command hands the agent to a
 * host that readies its own Runner — the Studio (serve, dev), an MCP server
 * (mcp), a queue worker (worker) — and cannot give it the versions: refused
 * with VERSIONS_NOT_SERVED (exit 2) before anything is served or written,
 * rather than writing threads without the module's label and migrations.
 */
import { existsSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIXTURES, projectModule, tempDir, weft, weftProcess } from '../test-support/spawn-weft.ts';

describe('an agent module that exports versions, on hosts that cannot apply them', () => {
  let cwd = '';
  beforeAll(() => {
    cwd = realpathSync(tempDir());
    writeFileSync(join(cwd, 'package.json'), '{ "type": "module" }\n');
    projectModule(cwd, join(FIXTURES, 'versioned-agent.ts'));
  });
  afterAll(() => rmSync(cwd, { recursive: true, force: true }));

  const refused = (command: string, host: string, file: string) =>
    `${command}: ${join(cwd, file)} exports "versions" for its agent, and ${host} runs agents without a Runner's versions: ` +
    'its threads would miss the label and migrations that weft run and weft resume give them';
  const refusal = (command: string, host: string) => [
    2,
    '',
    [
      `weft: ${refused(command, host, 'versioned-agent.ts')}`,
      'hint: weft run and weft resume apply the versions; a graph module (compile({ version, migrations })) is served with its own',
      '',
    ],
  ];
  const outcome = (r: { code: number | null; stdout: string; stderr: string }) => [r.code, r.stdout, r.stderr.split('\n')];

  it('weft serve, weft dev and weft mcp refuse it before serving; no store is made', async () => {
    const store = join(cwd, 'studio.db');
    expect(outcome(await weft(['serve', 'versioned-agent.ts', '--store', `sqlite:${store}`, '--port', '0'], cwd))).toEqual(
      refusal('serve', '@weft/studio'),
    );
    expect(outcome(await weft(['dev', 'versioned-agent.ts', '--store', `sqlite:${store}`, '--port', '0'], cwd))).toEqual(
      refusal('dev', '@weft/studio'),
    );
    expect(outcome(await weft(['mcp', 'versioned-agent.ts'], cwd))).toEqual(refusal('mcp', '@weft/mcp'));
    expect(existsSync(store)).toBe(false);
  });

  it('weft dev refuses a save that adds the export, and goes on serving the build before it', async () => {
    writeFileSync(join(cwd, 'agent.ts'), `export * from ${JSON.stringify(join(FIXTURES, 'unversioned-agent.ts'))};\n`);
    const dev = weftProcess(['dev', 'agent.ts', '--port', '0', '--store', `sqlite:${join(cwd, 'dev.db')}`], cwd);
    try {
      await dev.waitFor((l) => l.startsWith('studio ready · agent Greeter · '));
      const base = /^open (\S+)$/.exec(await dev.waitFor((l) => l.startsWith('open ')))![1]!;
      const served = ((await (await fetch(new URL('/api/graph', base))).json()) as { hash: string }).hash;
      writeFileSync(join(cwd, 'agent.ts'), `export * from ${JSON.stringify(join(FIXTURES, 'versioned-agent.ts'))};\n`);
      expect(await dev.waitFor((l) => l.startsWith('reload failed · '))).toBe(
        `reload failed · ${refused('dev', '@weft/studio', 'agent.ts')} · still serving graph ${served.slice(0, 8)}`,
      );
      expect(((await (await fetch(new URL('/api/graph', base))).json()) as { hash: string }).hash).toBe(served);
    } finally {
      dev.child.kill('SIGTERM');
    }
    expect(await dev.exited).toBe(0);
  });

  it('weft worker refuses it before connecting to Redis', async () => {
    // Nothing listens on port 1: a worker that got as far as Redis would print its connection errors instead.
    const args = ['worker', 'versioned-agent.ts', '--redis', 'redis://127.0.0.1:1', '--store', `sqlite:${join(cwd, 'queue.db')}`];
    expect(outcome(await weft(args, cwd))).toEqual(refusal('worker', '@weft/bullmq'));
  });
});
