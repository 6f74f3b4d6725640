import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import semver from 'semver';

/** The oldest Node.js every package promises (`engines.node` of each package.json: `zlib.crc32` came in 20.15). */
export const OLDEST_NODE = '20.15.0';

/** Every package folder under `dir`'s node_modules, at any depth (scoped ones included). */
async function packageDirs(dir: string, found: string[] = []): Promise<string[]> {
  const modules = join(dir, 'node_modules');
  let entries;
  try {
    entries = await readdir(modules, { withFileTypes: true });
  } catch {
    return found;
  }
  for (const entry of entries) {
    if (!entry.isDirectory() || entry.name.startsWith('.')) continue;
    const dirs = entry.name.startsWith('@')
      ? (await readdir(join(modules, entry.name), { withFileTypes: true }))
          .filter((e) => e.isDirectory())
          .map((e) => join(modules, entry.name, e.name))
      : [join(modules, entry.name)];
    for (const path of dirs) {
      found.push(path);
      await packageDirs(path, found);
    }
  }
  return found;
}

/**
 * Every installed package whose `engines.node` refuses the oldest Node.js
 * Weft supports or the one running now (npm only warns: EBADENGINE), as
 * `name@version wants node <range>` lines. Empty when all accept both.
 */
export async function engineProblems(dir: string): Promise<string[]> {
  const problems: string[] = [];
  const versions = [OLDEST_NODE, process.versions.node];
  for (const path of await packageDirs(dir)) {
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
