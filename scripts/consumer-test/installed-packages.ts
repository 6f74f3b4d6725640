import { readdir } from 'node:fs/promises';
import { join } from 'node:path';

/** Every package folder under `dir`'s node_modules, at any depth (scoped ones included, nested node_modules too). */
export async function installedPackages(dir: string, found: string[] = []): Promise<string[]> {
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
      await installedPackages(path, found);
    }
  }
  return found;
}
