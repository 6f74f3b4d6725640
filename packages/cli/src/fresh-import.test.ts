/**
 * freshImporter, in its own Node process (the resolve hook is Node's, which
 * vitest's module runner does not go through): each load evaluates the
 * module and the files it imports by path again, and packages once.
 */
import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { tempDir, tsxScript } from '../test-support/spawn-weft.ts';

const FRESH = fileURLToPath(new URL('./fresh-import.ts', import.meta.url));
const REGISTER = fileURLToPath(new URL('./register-typescript.ts', import.meta.url));

/** A script that loads `entry` twice, editing `leaf` in between, and prints what each load saw. */
function script(dir: string, entry: string, leaf: string, edit: string): string {
  const file = join(dir, 'loads.mts');
  writeFileSync(
    file,
    `import { writeFileSync } from 'node:fs';
import { freshImporter } from ${JSON.stringify(FRESH)};
import { registerTypeScript } from ${JSON.stringify(REGISTER)};
// As weft does: TypeScript through tsx's hooks for import and for require.
await registerTypeScript();
const fresh = await freshImporter();
const first = await fresh.load(${JSON.stringify(entry)});
writeFileSync(${JSON.stringify(leaf)}, ${JSON.stringify(edit)});
const second = await fresh.load(${JSON.stringify(entry)});
const files = (f: string[]) => f.map((p) => p.slice(${JSON.stringify(dir)}.length + 1)).sort();
console.log(JSON.stringify({
  values: [first.namespace.value, second.namespace.value],
  files: [files(first.files), files(second.files)],
  samePackage: first.namespace.tool === second.namespace.tool,
}));
`,
  );
  return file;
}

describe('freshImporter', () => {
  it('an ES module and the files it imports by path are evaluated again on each load; a package is the one copy', async () => {
    const dir = tempDir();
    symlinkSync(fileURLToPath(new URL('../node_modules', import.meta.url)), join(dir, 'node_modules'), 'dir');
    writeFileSync(join(dir, 'package.json'), '{ "type": "module" }\n');
    mkdirSync(join(dir, 'lib'));
    writeFileSync(join(dir, 'lib', 'leaf.ts'), "export const leaf: string = 'one';\n");
    writeFileSync(join(dir, 'middle.ts'), "import { leaf } from './lib/leaf.ts';\nexport const middle = `${leaf}!`;\n");
    writeFileSync(
      join(dir, 'entry.ts'),
      "import { tool } from '@weft/agents';\nimport { middle } from './middle.ts';\nexport const value = middle;\nexport { tool };\n",
    );
    const out = await tsxScript(
      script(dir, join(dir, 'entry.ts'), join(dir, 'lib', 'leaf.ts'), "export const leaf: string = 'two';\n"),
      [],
      dir,
    );
    expect(out.stderr).toBe('');
    expect(JSON.parse(out.stdout)).toEqual({
      values: ['one!', 'two!'],
      files: [
        ['entry.ts', 'lib/leaf.ts', 'middle.ts'],
        ['entry.ts', 'lib/leaf.ts', 'middle.ts'],
      ],
      samePackage: true,
    });
  });

  it('a module Node loads as CommonJS (no "type": "module") is evaluated again too, with the files of its folder it requires', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'leaf.ts'), "export const leaf = 'one';\n");
    writeFileSync(join(dir, 'entry.ts'), "import { leaf } from './leaf.ts';\nexport const value = leaf;\nexport const tool = 1;\n");
    const out = await tsxScript(script(dir, join(dir, 'entry.ts'), join(dir, 'leaf.ts'), "export const leaf = 'two';\n"), [], dir);
    expect(out.stderr).toBe('');
    expect(JSON.parse(out.stdout)).toEqual({
      values: ['one', 'two'],
      files: [
        ['entry.ts', 'leaf.ts'],
        ['entry.ts', 'leaf.ts'],
      ],
      samePackage: true,
    });
  });
});
