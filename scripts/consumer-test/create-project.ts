import { copyFile, mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Example } from '../check-docs.ts';
import type { PackedPackage } from './pack-packages.ts';

/** The files of the consumer project that come from this folder, as they are. */
const FIXTURE = join(import.meta.dirname, 'project');
/** Where the pages' examples are written in the project. */
export const EXAMPLES_DIR = 'docs-examples';
/**
 * An example that is a module a page's `weft` command runs names its file on
 * its second line (`// agent.ts`): it is also written there, at the project's root.
 */
const MODULE_MARKER = /^\/\/ ([\w-]+\.ts)$/;

export interface ConsumerProject {
  dir: string;
  /** The page's examples as files of the project, in page order. */
  examples: { example: Example; file: string }[];
}

const readJson = async (path: string): Promise<Record<string, any>> => JSON.parse(await readFile(path, 'utf8')) as Record<string, any>;

/**
 * Writes a project in `dir`, outside the workspace, that depends on the
 * tarballs. `overrides` make every nested @weft/* dependency (the CLI's
 * @weft/agents, the stores' @weft/checkpoint) the tarball too, so nothing comes
 * from the registry. The tools a user adds (TypeScript, tsx, pg and its
 * types) get the versions the workspace uses.
 */
export async function createProject(root: string, dir: string, packed: PackedPackage[], examples: Example[]): Promise<ConsumerProject> {
  const rootManifest = await readJson(join(root, 'package.json'));
  const postgres = packed.find((p) => p.name === '@weft/store-postgres');
  const dev = { ...rootManifest['devDependencies'], ...postgres?.manifest['devDependencies'] } as Record<string, string>;
  const pick = (name: string) => {
    const range = dev[name];
    if (!range) throw new Error(`no version of ${name} in the workspace's devDependencies to install in the consumer project`);
    return range;
  };
  const tarballs = Object.fromEntries(packed.map((p) => [p.name, `file:${p.tarball}`]));
  const manifest = {
    name: 'weft-consumer',
    private: true,
    type: 'module',
    dependencies: { ...tarballs, pg: pick('pg') },
    devDependencies: {
      typescript: pick('typescript'),
      '@types/node': pick('@types/node'),
      '@types/pg': pick('@types/pg'),
      tsx: pick('tsx'),
    },
    overrides: Object.fromEntries(packed.map((p) => [p.name, `$${p.name}`])),
  };
  await mkdir(join(dir, EXAMPLES_DIR), { recursive: true });
  await writeFile(join(dir, 'package.json'), JSON.stringify(manifest, null, 2) + '\n');
  for (const file of await readdir(FIXTURE)) await copyFile(join(FIXTURE, file), join(dir, file));

  const written = [];
  for (const example of examples) {
    // docs/guides/use-weft.md#2 → docs-examples/docs-guides-use-weft-2.ts
    const file = join(dir, EXAMPLES_DIR, `${example.name.replace(/\.md#/, '-').replace(/[^\w-]+/g, '-')}.ts`);
    await writeFile(file, example.code);
    written.push({ example, file });
    const module = MODULE_MARKER.exec(example.code.split('\n')[1]?.trim() ?? '');
    if (module) await writeFile(join(dir, module[1]!), example.code);
  }
  return { dir, examples: written };
}
