/**
 * The support system as a module the `weft` command can run:
 *   weft run docs/examples/support/support.ts --query "…" --session company=Acme
 *   weft serve docs/examples/support/support.ts   (Weft Studio, on http://127.0.0.1:4300/)
 *   weft eval docs/examples/support/support.eval.ts   (its eval: 15 requests, offline from recorded cassettes)
 * Scripted models offline; a real model when OPENAI_BASE_URL and OPENAI_API_KEY are set.
 */
import { supportAgent } from './support-agents.ts';
import { openAISupportModels, scriptedSupportModels } from './support-models.ts';

export const agent = supportAgent(openAISupportModels() ?? scriptedSupportModels());

/** The session values every run starts with (`weft serve` gives them to its runs; `weft run` takes `--session company=Acme`). */
export const sessionValues = { company: 'Acme' };

/** What the demo asks. */
export const exampleQuery =
  'Our dashboard has timed out since yesterday’s migration, and invoice INV-1042 was charged twice in March. Please fix both.';
