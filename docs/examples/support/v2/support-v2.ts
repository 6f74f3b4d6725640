/**
 * Version 2 of the support system as a module the `weft` command can run
 * (see ../support.ts for version 1):
 *   weft run docs/examples/support/v2/support-v2.ts --query "…" --session company=Acme
 * Scripted models offline; a real model when OPENAI_BASE_URL and OPENAI_API_KEY are set.
 */
import { openAISupportModels } from '../support-models.ts';
import { SUPPORT_V2, supportMigrations } from './support-migration.ts';
import { supportAgentV2 } from './support-v2-agents.ts';
import { scriptedSupportModelsV2 } from './support-v2-models.ts';

export const agent = supportAgentV2(openAISupportModels() ?? scriptedSupportModelsV2());

/** The session values every run starts with: version 2's Refunds needs `refundLimit` (dollars). */
export const sessionValues = { company: 'Acme', refundLimit: 100 };

/** The Runner's versions for this module: version 2, continuing version 1's threads through the migration. */
export const versions = { version: SUPPORT_V2, migrations: [...supportMigrations], onGraphMismatch: 'migrate' as const };

export { exampleQuery } from '../support.ts';
