import { readFile } from 'node:fs/promises';
import path from 'node:path';

const benchRoot = path.resolve(import.meta.dirname, '..', '..');

/** Installed version of a dependency, read from disk so the results say what was actually measured. */
async function installed(pkg: string): Promise<string> {
  try {
    const raw = await readFile(path.join(benchRoot, 'node_modules', pkg, 'package.json'), 'utf8');
    const parsed = JSON.parse(raw) as { version?: string };
    return parsed.version ?? 'unknown';
  } catch {
    return 'not installed';
  }
}

/** The versions a results file records: the peers' packages and Weft's. */
export async function installedVersions(): Promise<Record<string, string>> {
  const packages = ['@langchain/langgraph', '@langchain/core', '@google/adk', '@openai/agents', '@weft/graph', '@weft/agents'];
  return Object.fromEntries(await Promise.all(packages.map(async (p) => [p, await installed(p)] as const)));
}
