import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { PackedPackage } from './pack-packages.ts';
import { installedPackages } from './installed-packages.ts';
import { runCommand } from './run-command.ts';

/**
 * The install has one copy of each package, of the packed version (the
 * overrides reached nested dependencies), and Node resolves each one to its
 * dist/ (not to the src/ the tarball also ships). Undefined when so.
 */
export async function checkLayout(dir: string, packed: PackedPackage[], env: NodeJS.ProcessEnv): Promise<string | undefined> {
  const problems: string[] = [];
  const copies = (await installedPackages(dir)).filter((path) => /[\\/]node_modules[\\/]@weft[\\/][^\\/]+$/.test(path));
  for (const p of packed) {
    const mine = copies.filter((c) => c.endsWith(join('@weft', p.name.slice('@weft/'.length))));
    if (mine.length !== 1) problems.push(`${p.name}: ${mine.length} copies installed (${mine.join(', ')})`);
    for (const copy of mine) {
      const version = (JSON.parse(await readFile(join(copy, 'package.json'), 'utf8')) as { version: string }).version;
      if (version !== p.version) problems.push(`${copy} is ${version}, packed ${p.version}`);
    }
  }
  const script = `for (const n of ${JSON.stringify(packed.map((p) => p.name))}) console.log(n, import.meta.resolve(n));`;
  const r = await runCommand(process.execPath, ['--input-type=module', '-e', script], { cwd: dir, env, timeoutMs: 30_000 });
  if (r.code !== 0) problems.push(`resolving the packages failed: ${r.stderr.trim()}`);
  for (const line of r.stdout.trim().split('\n').filter(Boolean)) {
    const [name, url] = line.split(' ');
    if (!url?.endsWith(`/node_modules/${name}/dist/index.js`)) problems.push(`${name} resolves to ${url}, not its dist/index.js`);
  }
  return problems.length ? problems.join('\n') : undefined;
}
