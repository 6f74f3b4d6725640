import type { CliIo } from './cli-io.ts';
import { flagText } from './flag-text.ts';
import { parseJsonFlag } from './parse-json-flag.ts';

/**
 * The price table `--prices <file.json>` names, for the Studio's timeline
 * costs: the file's JSON, read relative to the working folder. An unreadable
 * file or text that is not JSON is a CLI error naming the file; the table's
 * shape (`{ "<model>": { "inputPerMillion": n, "outputPerMillion": n } }`) is
 * checked by @weft/studio's createStudio, whose error names the bad entry.
 */
export async function priceTableFlag(value: string | undefined, io: CliIo): Promise<{ prices?: unknown }> {
  if (value === undefined) return {};
  const read = await flagText('--prices', value.startsWith('@') ? value : `@${value}`, io);
  return { prices: parseJsonFlag('--prices', read.text, read) };
}
