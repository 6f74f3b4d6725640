/**
 * The two versions of the support system side by side, as Runner options:
 * version 1 (Billing refunds) and version 2 (Invoices hands refunds to
 * Refunds), which migrates version 1's threads when it continues them.
 *
 * @example
 * const store = new MemoryStore();
 * const v1 = new Runner(supportV1Options(store));
 * const paused = await v1.query('INV-1042 was charged twice. Please refund it.', { threadId: 't1', sessionValues: { company: 'Acme' } });
 * // … deploy version 2; the thread still waits for the approval …
 * const v2 = new Runner(supportV2Options(store));
 * await v2.resume(paused.checkpointId!, { resume: { [paused.interrupts[0]!.id]: { approved: true } } });
 */
import type { CheckpointStore } from '@weft/graph';
import type { RunnerOptions } from '@weft/agents';
import { supportAgent, type ModelFor, type SupportOptions } from '../support-agents.ts';
import { scriptedSupportModels } from '../support-models.ts';
import { SUPPORT_V1, SUPPORT_V2, supportMigrations } from './support-migration.ts';
import { supportAgentV2, type ModelForV2 } from './support-v2-agents.ts';
import { scriptedSupportModelsV2 } from './support-v2-models.ts';

/** Version 1, labelled: its threads record the label, which version 2's migration starts from. */
export function supportV1Options(
  store: CheckpointStore,
  modelFor: ModelFor = scriptedSupportModels(),
  options: SupportOptions = {},
): RunnerOptions {
  return { agent: supportAgent(modelFor, options), store, versions: { version: SUPPORT_V1 } };
}

/** Version 2, with the migration from version 1, applied when it continues a version 1 thread. */
export function supportV2Options(
  store: CheckpointStore,
  modelFor: ModelForV2 = scriptedSupportModelsV2(),
  options: SupportOptions = {},
): RunnerOptions {
  return {
    agent: supportAgentV2(modelFor, options),
    store,
    versions: { version: SUPPORT_V2, migrations: [...supportMigrations], onGraphMismatch: 'migrate' },
  };
}
