import { readFile } from 'node:fs/promises';

/** A `weft` command a docs page tells the reader to type, and the output it shows for it. */
export interface PageCommand {
  /** The command as printed, e.g. `npx weft run agent.ts --query "Refund my order" --thread t1`. */
  command: string;
  /** The page's ```text block right after the command's ```sh block, when it shows one. */
  expected: string | undefined;
}

/**
 * The page's `npx weft …` commands, in page order: each ```sh block of one
 * such line, with the ```text block that follows it (blank lines apart) as
 * its expected output. A later command may need an earlier one (a resume
 * after a run), so all run, in order, whether or not they show output.
 */
export async function pageCommands(page: string): Promise<PageCommand[]> {
  const text = await readFile(page, 'utf8');
  const found: PageCommand[] = [];
  for (const m of text.matchAll(/^```sh\n(npx weft [^\n]+)\n```\n(?:\s*```text\n([\s\S]*?)\n```$)?/gm)) {
    found.push({ command: m[1]!, expected: m[2] });
  }
  return found;
}

/** What differs between two runs of one command: a checkpoint's id (the page writes `…`). */
export function normalizeCommandOutput(text: string): string {
  return text.replace(/checkpoint [0-9a-z]{12,} \(/g, 'checkpoint … (');
}
