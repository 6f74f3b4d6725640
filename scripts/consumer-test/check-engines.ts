import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import semver from 'semver';
import { installedPackages } from './installed-packages.ts';

/** The oldest Node.js every package promises (`engines.node` of each package.json: `zlib.crc32` came in 20.15). */
export const OLDEST_NODE = '20.15.0';

/**
 * Every installed package whose `engines.node` refuses the oldest Node.js
 * Weft supports or the one running now (npm only warns: EBADENGINE), as
 * `name@version wants node <range>` lines. Empty when all accept both.
 */
export async function engineProblems(dir: string): Promise<string[]> {
  const problems: string[] = [];
  const versions = [OLDEST_NODE, process.versions.node];
  for (const path of await installedPackages(dir)) {
    let manifest: { name?: string; version?: string; engines?: { node?: string } };
    try {
      manifest = JSON.parse(await readFile(join(path, 'package.json'), 'utf8')) as typeof manifest;
    } catch {
      continue; // a folder without a manifest (a package's own nested data) is not a package
    }
    const range = manifest.engines?.node;
    if (!range || !semver.validRange(range)) continue;
    const refused = versions.filter((v) => !semver.satisfies(v, range));
    if (refused.length) problems.push(`${manifest.name}@${manifest.version} wants node ${range} (refuses ${refused.join(', ')})`);
  }
  return [...new Set(problems)].sort();
}
