/**
 * The support system as a module the `weft` command can run:
 *   weft run docs/examples/support/support.ts --query "…" --session company=Acme
 * Scripted models offline; a real model when OPENAI_BASE_URL and OPENAI_API_KEY are set.
 */
import { supportAgent } from './support-agents.ts';
import { openAISupportModels, scriptedSupportModels } from './support-models.ts';

export const agent = supportAgent(openAISupportModels() ?? scriptedSupportModels());

/** What the demo asks. */
export const exampleQuery =
  'Our dashboard has timed out since yesterday’s migration, and invoice INV-1042 was charged twice in March. Please fix both.';
