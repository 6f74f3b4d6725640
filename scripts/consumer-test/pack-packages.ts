import { mkdir, readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { runCommand, describeFailure, type CommandOptions } from './run-command.ts';

export interface PackedPackage {
  name: string;
  version: string;
  /** The package folder in the workspace. */
  dir: string;
  tarball: string;
  manifest: Record<string, any>;
}

/** The workspace packages that are published: packages/* without "private". */
export async function publishedPackages(root: string): Promise<Omit<PackedPackage, 'tarball'>[]> {
  const found = [];
  for (const entry of (await readdir(join(root, 'packages'), { withFileTypes: true })).sort((a, b) => a.name.localeCompare(b.name))) {
    if (!entry.isDirectory()) continue;
    const dir = join(root, 'packages', entry.name);
    const manifest = JSON.parse(await readFile(join(dir, 'package.json'), 'utf8')) as Record<string, any>;
    if (!manifest['private']) found.push({ name: manifest['name'] as string, version: manifest['version'] as string, dir, manifest });
  }
  return found;
}

/**
 * Packs every published package with pnpm into `dest`: pnpm, unlike npm,
 * rewrites `workspace:*` to the versions being packed, as `pnpm publish` does.
 * Packing does not build: dist/ must be current.
 */
export async function packPackages(root: string, dest: string, options: Omit<CommandOptions, 'cwd'>): Promise<PackedPackage[]> {
  await mkdir(dest, { recursive: true });
  const packages = await publishedPackages(root);
  const filters = packages.flatMap((p) => ['--filter', p.name]);
  const args = ['-y', 'pnpm@10.34.9', '-r', ...filters, 'pack', '--pack-destination', dest];
  const r = await runCommand('npx', args, { ...options, cwd: root });
  if (r.code !== 0) throw new Error(describeFailure('pnpm pack', r));
  const files = new Set(await readdir(dest));
  return packages.map((p) => {
    const file = `${p.name.replace(/^@/, '').replace('/', '-')}-${p.version}.tgz`;
    if (!files.has(file)) throw new Error(`pnpm pack wrote no ${file} for ${p.name} into ${dest}`);
    return { ...p, tarball: join(dest, file) };
  });
}
