import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Runner } from '@weft/agents';
import type { CheckpointStore } from '@weft/graph';
import { agent } from '../test-fixtures/append-agent.ts';
import { LineProcess } from './line-process.ts';

const RACER = fileURLToPath(new URL('./racer.ts', import.meta.url));

/** What a refused racer may be told: someone runs the thread, or (arriving after the winner finished) nothing is left to answer. */
export const REFUSALS = ['THREAD_BUSY', 'UNKNOWN_INTERRUPT', 'NOTHING_TO_RESUME', 'INTERRUPT_ALREADY_ANSWERED'];

/** `n` racer processes (test-support/racer.ts), each ready for commands; they append to `appendFile`. */
export async function startRacers(n: number, cwd: string, appendFile: string): Promise<LineProcess[]> {
  const tsx = pathToFileURL(createRequire(import.meta.url).resolve('tsx/esm')).href;
  const env = { ...process.env, WEFT_TEST_APPEND_FILE: appendFile };
  const racers = Array.from(
    { length: n },
    (_, i) => new LineProcess(process.execPath, ['--import', tsx, RACER, `racer-${i}`], { cwd, env }),
  );
  await Promise.all(racers.map((r) => r.waitFor((l) => l === 'ready')));
  return racers;
}

/** How one round went: how many racers finished the run, how many were refused before starting a node, and the appends. */
export interface RoundSummary {
  done: number;
  refusedBeforeRunning: number;
  /** Racers that neither finished nor were refused cleanly: their outcome and how many nodes they started. */
  other: string[];
  appends: number;
}

export interface RaceOptions {
  rounds: number;
  /** The store the racers open (`sqlite:<file>:<durability>` or a postgres:// URL). */
  racerStore: string;
  /** The same store, opened in this process to start each round's thread. */
  store: CheckpointStore;
  appendFile: string;
  prefix: string;
}

/**
 * Each round: a new thread is run here until its `append` tool waits for
 * approval, then every racer is told at once to resume it with the approval.
 */
export async function raceRounds(racers: LineProcess[], o: RaceOptions): Promise<RoundSummary[]> {
  const runner = new Runner({ agent, store: o.store });
  const summaries: RoundSummary[] = [];
  for (let round = 0; round < o.rounds; round++) {
    const threadId = `${o.prefix}-${round}`;
    const interrupted = await runner.query(threadId, { threadId });
    const interruptId = interrupted.interrupts[0]?.id;
    if (interrupted.status !== 'interrupted' || !interruptId) throw new Error(`round ${round}: the run ended ${interrupted.status}`);
    await (o.store as { flush?: () => Promise<void> }).flush?.();
    const command = JSON.stringify({ round, store: o.racerStore, threadId, interruptId });
    for (const racer of racers) racer.send(command);
    const results = await Promise.all(
      racers.map(async (racer) => {
        const line = await racer.waitFor((l) => l.startsWith(`{"round":${round},`));
        return JSON.parse(line) as { outcome: string; nodeStarts: number };
      }),
    );
    const appended = readFileSync(o.appendFile, 'utf8')
      .split('\n')
      .filter((l) => l === threadId).length;
    summaries.push({
      done: results.filter((r) => r.outcome === 'done').length,
      refusedBeforeRunning: results.filter((r) => REFUSALS.includes(r.outcome) && r.nodeStarts === 0).length,
      other: results
        .filter((r) => r.outcome !== 'done' && !(REFUSALS.includes(r.outcome) && r.nodeStarts === 0))
        .map((r) => `${r.outcome} after ${r.nodeStarts} node starts`),
      appends: appended,
    });
  }
  return summaries;
}

/** What every round must look like with `n` racers. */
export const cleanRound = (n: number): RoundSummary => ({ done: 1, refusedBeforeRunning: n - 1, other: [], appends: 1 });
