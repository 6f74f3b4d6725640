/**
 * One racer process of the race tests: it loads the append agent once, then
 * reads commands from stdin, one JSON line each — `{"round", "store",
 * "threadId", "interruptId"}` — and resumes that thread with the approval,
 * at once, through the thread's latest checkpoint. It answers one JSON line
 * per command on stdout: `{"round", "outcome"}` (the run's status, or the
 * code it was refused with) and `nodeStarts` (how many nodes it started: a
 * refused racer must start none). Stores stay open across rounds, so a
 * round costs a claim, not a process start. `store` is `sqlite:<file>:<durability>`
 * or a postgres:// URL.
 */
import { createInterface } from 'node:readline';
import { Runner } from '@weft/agents';
import type { CheckpointStore } from '@weft/graph';
import { PostgresStore } from '@weft/store-postgres';
import { SqliteStore, type Durability } from '@weft/store-sqlite';
import { agent } from '../test-fixtures/append-agent.ts';

interface Command {
  round: number;
  store: string;
  threadId: string;
  interruptId: string;
}

const name = process.argv[2] ?? `racer-${process.pid}`;
const runners = new Map<string, { runner: Runner; store: CheckpointStore & { close(): Promise<void> } }>();

function runnerFor(spec: string): Runner {
  let entry = runners.get(spec);
  if (!entry) {
    const sqlite = /^sqlite:(.+):(sync|async|exit)$/.exec(spec);
    const store = sqlite
      ? new SqliteStore({ path: sqlite[1]!, durability: sqlite[2] as Durability })
      : new PostgresStore({ connectionString: spec, max: 2 });
    entry = { runner: new Runner({ agent, store }), store };
    runners.set(spec, entry);
  }
  return entry.runner;
}

async function race(command: Command): Promise<{ outcome: string; nodeStarts: number }> {
  const run = runnerFor(command.store).graph.resume({
    threadId: command.threadId,
    resume: { [command.interruptId]: { approved: true } },
    holder: name,
  });
  let nodeStarts = 0;
  run.subscribe({ next: (e) => void (e.type === 'node.start' && nodeStarts++), error: () => {} });
  try {
    return { outcome: (await run).status, nodeStarts };
  } catch (err) {
    return { outcome: String((err as { code?: unknown }).code ?? err), nodeStarts };
  }
}

const lines = createInterface({ input: process.stdin });
lines.on('line', (line) => {
  const command = JSON.parse(line) as Command;
  void race(command).then((result) => process.stdout.write(`${JSON.stringify({ round: command.round, ...result })}\n`));
});
lines.on('close', () => {
  void Promise.all([...runners.values()].map((r) => r.store.close())).then(() => process.exit(0));
});
process.stdout.write('ready\n');
