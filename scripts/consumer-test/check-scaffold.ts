import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { PackedPackage } from './pack-packages.ts';
import { describeFailure, runCommand, type CommandResult } from './run-command.ts';

type Step = (what: string, file: string, args: string[], cwd: string) => Promise<CommandResult>;

/**
 * `weft init` as a new user runs it, with the installed `weft` of the
 * consumer project in `consumerDir`: it writes a project into `dir`, whose
 * @weft dependencies are then pointed at the tarballs (they are not on the
 * registry), and the project's own scripts must work as its README says:
 * `npm install`, `npm test`, `npm run typecheck`, `npm start` (the agent stops
 * for approval and prints the command that answers), that printed command,
 * and `npm run order`. Returns a failure text, or undefined.
 */
export async function scaffoldProblem(
  consumerDir: string,
  dir: string,
  packed: PackedPackage[],
  env: NodeJS.ProcessEnv,
): Promise<string | undefined> {
  const failures: string[] = [];
  const step: Step = async (what, file, args, cwd) => {
    const r = await runCommand(file, args, { cwd, env, timeoutMs: 600_000 });
    if (r.code !== 0) failures.push(describeFailure(what, r));
    return r;
  };
  const init = await step('weft init', join(consumerDir, 'node_modules', '.bin', 'weft'), ['init', dir], consumerDir);
  if (failures.length) return failures.join('\n');
  if (!init.stdout.includes('npm install')) return `weft init printed no next steps:\n${init.stdout}`;

  const manifestPath = join(dir, 'package.json');
  const manifest = JSON.parse(await readFile(manifestPath, 'utf8')) as Record<string, Record<string, string>>;
  const tarballOf = new Map(packed.map((p) => [p.name, `file:${p.tarball}`]));
  for (const field of ['dependencies', 'devDependencies'])
    for (const name of Object.keys(manifest[field] ?? {})) if (tarballOf.has(name)) manifest[field]![name] = tarballOf.get(name)!;
  manifest['overrides'] = Object.fromEntries(packed.map((p) => [p.name, `file:${p.tarball}`]));
  await writeFile(manifestPath, JSON.stringify(manifest, null, 2));

  for (const [what, args] of [
    ['npm install', ['install', '--no-audit', '--no-fund']],
    ['npm test', ['test']],
    ['npm run typecheck', ['run', 'typecheck']],
  ] as const) {
    await step(`scaffold: ${what}`, 'npm', [...args], dir);
    if (failures.length) return failures.join('\n');
  }

  const start = await step('scaffold: npm start', 'npm', ['start'], dir);
  if (failures.length) return failures.join('\n');
  const printed = start.stdout.trimEnd().split('\n').at(-1)?.trim() ?? '';
  // Run through npm, weft prints its commands the way they work from this shell: `npx weft …`.
  if (!start.stdout.includes('interrupted') || !printed.startsWith('npx weft resume '))
    return `npm start did not stop for approval with a resume command that works from npm's shell:\n${start.stdout}`;
  const resumed = await step('scaffold: the printed resume command, pasted as it is', 'bash', ['-c', printed], dir);
  if (failures.length) return failures.join('\n');
  if (!resumed.stdout.includes('Done: booked 2 nights in Lisbon.') || !/^done · /m.test(resumed.stdout))
    return `the printed resume command did not finish the booking:\n${resumed.stdout}`;

  const order = await step('scaffold: npm run order', 'npm', ['run', 'order'], dir);
  if (failures.length) return failures.join('\n');
  if (!order.stdout.includes('3 × tea: 36 EUR')) return `npm run order printed:\n${order.stdout}`;
  return undefined;
}
