import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { tempDir, tsxScript, weft } from '../test-support/spawn-weft.ts';

const DEMO = fileURLToPath(new URL('../../../docs/examples/support/demo.ts', import.meta.url));

describe('the demo (the README’s first command)', () => {
  it('runs the support system through weft run, a resume in a new process, history and replay, and writes run.html', async () => {
    const cwd = tempDir();
    // The demo runs docs/examples/support/support.ts from a fresh folder: that module is this repository's, so the
    // repository is the project whose modules weft resume loads.
    const res = await tsxScript(DEMO, [], cwd, { WEFT_PROJECT: fileURLToPath(new URL('../../..', import.meta.url)) });
    expect(res.code).toBe(0);
    const headings = res.stdout.split('\n').filter((l) => l.startsWith('━━ '));
    expect(headings).toEqual([
      '━━ 1. A customer writes in; the coordinator routes the work',
      '━━ 2. A person approves the refund; a new process resumes from SQLite',
      '━━ 3. The thread’s latest checkpoints',
      '━━ 4. The compiled graph with the run replayed on it',
    ]);
    const transfers = res.stdout
      .split('\n')
      .filter((l) => l.includes('→ transfer to'))
      .map((l) => l.trim().split(' (')[0]);
    expect(transfers).toEqual([
      '→ transfer to Tech',
      '→ transfer to Database',
      '→ transfer to Tech',
      '→ transfer to Coordinator',
      '→ transfer to Billing',
      '→ transfer to Coordinator',
    ]);
    expect(res.stdout).toContain('result refund: refunded $49.00 on INV-1042');
    const thread = /Thread (demo-\d+) is done\./.exec(res.stdout)?.[1];
    expect(thread).toBeDefined();

    // What the demo left behind: the thread in .weft/weft.db, done, and a page replaying both runs.
    const threads = JSON.parse((await weft(['threads', '--json'], cwd)).stdout) as { threads: { threadId: string; status: string }[] };
    expect(threads.threads.map((t) => [t.threadId, t.status])).toEqual([[thread, 'done']]);
    const html = join(cwd, '.weft/demo/run.html');
    expect(existsSync(html)).toBe(true);
    const page = readFileSync(html, 'utf8');
    expect(page).toMatch(/^<!doctype html>/);
    const log = readFileSync(join(cwd, '.weft/demo/run.jsonl'), 'utf8').trim().split('\n');
    expect(log.filter((l) => l.startsWith('{"type":"run.log"'))).toHaveLength(2);
    // weft replay reports on stderr (its stdout is the page when there is no -o); nothing else is on stderr.
    expect(res.stderr).toBe(`wrote ${html} (replay of agents:Coordinator from the run log: 2 run(s), ${log.length - 2} events)\n`);
  });
});
