import { join } from 'node:path';
import type { PackedPackage } from './pack-packages.ts';
import { describeFailure, runCommand } from './run-command.ts';

/**
 * Lints each tarball as it would be published: `publint --strict` (the
 * package.json against the files it ships) and `attw --profile esm-only`
 * (what TypeScript resolves for each export under node16 and bundler
 * resolution; CommonJS is not offered, so its rows are ignored), then `npm
 * publish --dry-run` (what npm itself says of the tarball). Returns one
 * failure text per problem; empty when every package passes.
 */
export async function packageShapeProblems(root: string, packed: PackedPackage[], env: NodeJS.ProcessEnv): Promise<string[]> {
  const bin = (name: string) => join(root, 'node_modules', '.bin', name);
  const options = { cwd: root, env, timeoutMs: 120_000 };
  const problems: string[] = [];
  for (const p of packed) {
    const publint = await runCommand(bin('publint'), ['run', '--strict', p.tarball], options);
    if (publint.code !== 0 || !publint.stdout.includes('All good!')) problems.push(describeFailure(`publint ${p.name}`, publint));
    const attw = await runCommand(bin('attw'), [p.tarball, '--profile', 'esm-only', '--format', 'ascii', '--no-color'], options);
    if (attw.code !== 0) problems.push(describeFailure(`attw ${p.name}`, attw));
    // --dry-run checks the manifest and the files and contacts nobody; the tag keeps npm from asking for a real release.
    const publish = await runCommand('npm', ['publish', '--dry-run', '--tag', 'dry-run', '--access', 'public', p.tarball], options);
    // Logging in is the one thing a dry run may lack; any other warning (a field npm rewrites, a bad bin) is a problem.
    const warnings = publish.stderr.split('\n').filter((l) => /^npm (warn|error)/i.test(l) && !/requires you to be logged in/.test(l));
    if (publish.code !== 0 || warnings.length) problems.push(describeFailure(`npm publish --dry-run ${p.name}`, publish));
  }
  return problems;
}
