/**
 * The race of process-races.test.ts on PostgreSQL (WEFT_PG_URL; start one
 * with scripts/start-postgres.sh): 8 racer processes resume one interrupted
 * thread at once, 20 rounds; each round the approved tool runs exactly once
 * and every other racer is refused before any node runs. Skipped when the
 * variable is unset.
 */
import { randomBytes } from 'node:crypto';
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PostgresStore } from '@weft/store-postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LineProcess } from '../test-support/line-process.ts';
import { cleanRound, raceRounds, startRacers } from '../test-support/race-harness.ts';
import { tempDir } from '../test-support/spawn-weft.ts';

const url = process.env['WEFT_PG_URL'];
const RACERS = 8;
const ROUNDS = 20;

describe.skipIf(!url)('racer processes resuming one thread on PostgreSQL', () => {
  // Made in beforeAll: a skipped suite still runs its body, but not its hooks.
  let cwd = '';
  let racers: LineProcess[] = [];
  beforeAll(async () => {
    cwd = tempDir();
    writeFileSync(join(cwd, 'appends.txt'), '');
    racers = await startRacers(RACERS, cwd, join(cwd, 'appends.txt'));
  }, 120_000);
  afterAll(async () => {
    await Promise.all(racers.map((r) => r.end()));
    rmSync(cwd, { recursive: true, force: true });
  });

  it('one append per round, every other racer refused before running', async () => {
    const store = new PostgresStore({ connectionString: url! });
    try {
      const prefix = `race-${randomBytes(4).toString('hex')}`;
      const rounds = await raceRounds(racers, { rounds: ROUNDS, racerStore: url!, store, appendFile: join(cwd, 'appends.txt'), prefix });
      expect(rounds).toEqual(Array(ROUNDS).fill(cleanRound(RACERS)));
    } finally {
      await store.close();
    }
  }, 120_000);
});
