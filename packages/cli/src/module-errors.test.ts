/**
 * A module that cannot be loaded says why without WEFT_DEBUG: a syntax
 * error as `file:line:column: message`, a package that is not installed
 * with the command that installs it (and the other missing packages the
 * file imports). WEFT_DEBUG=1 shows the stack traces, the user's code first.
 */
import { mkdirSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { FIXTURES, projectModule, tempDir, weft } from '../test-support/spawn-weft.ts';

const SYNTAX_ERROR = `import { graph } from '@weft/graph';

export const broken = graph({ name: 'x' }).addNode('a', (x) => x;
`;

const MISSING = `import { join } from 'node:path';
import { thing } from '@acme/not-installed/sub';
import pad from 'left-pad-not-installed';

export const agent = [join, thing, pad];
`;

describe('a module that cannot be loaded', () => {
  const cwd = realpathSync(tempDir());
  /** A file in `folder` (created), whose package.json says `type` when given. */
  const write = (folder: string, name: string, text: string, type?: 'module' | 'commonjs'): string => {
    mkdirSync(join(cwd, folder), { recursive: true });
    if (type) writeFileSync(join(cwd, folder, 'package.json'), JSON.stringify({ type }));
    writeFileSync(join(cwd, folder, name), text);
    return join(cwd, folder, name);
  };
  afterAll(() => rmSync(cwd, { recursive: true, force: true }));

  it('a syntax error is file:line:column: message, loaded as ESM or as CommonJS', async () => {
    for (const [folder, type] of [
      ['esm', 'module'],
      ['cjs', 'commonjs'],
    ] as const) {
      const file = write(folder, 'bad.ts', SYNTAX_ERROR, type);
      expect(await weft(['run', `${folder}/bad.ts`, '--query', 'x'], cwd)).toEqual({
        code: 1,
        stdout: '',
        stderr: `weft: cannot load ${file}: ${file}:3:65: Expected ")" but found ";"\nhint: fix the syntax error\n`,
      });
    }
    // The same for the commands that only draw it.
    const file = join(cwd, 'esm', 'bad.ts');
    expect((await weft(['graph', 'esm/bad.ts'], cwd)).stderr).toBe(
      `weft: cannot load ${file}: ${file}:3:65: Expected ")" but found ";"\nhint: fix the syntax error\n`,
    );
  });

  it('packages that are not installed: the install command of the project’s package manager, for all of them', async () => {
    const esm = write('esm-pnpm', 'agent.ts', MISSING, 'module');
    writeFileSync(join(cwd, 'esm-pnpm', 'pnpm-lock.yaml'), "lockfileVersion: '9.0'\n");
    expect(await weft(['run', 'esm-pnpm/agent.ts', '--query', 'x'], cwd)).toEqual({
      code: 1,
      stdout: '',
      stderr: `weft: cannot load ${esm}: package @acme/not-installed is not installed (imported from ${esm})
hint: install them in the project: pnpm add @acme/not-installed left-pad-not-installed
`,
    });
    // A .cts file is CommonJS: require's error, which names the importer only in its require stack.
    const cjs = write('cjs-npm', 'agent.cts', MISSING);
    expect(await weft(['run', 'cjs-npm/agent.cts', '--query', 'x'], cwd)).toEqual({
      code: 1,
      stdout: '',
      stderr: `weft: cannot load ${cjs}: package @acme/not-installed is not installed (imported from ${cjs})
hint: install them in the project: npm install @acme/not-installed left-pad-not-installed
`,
    });
    // A .ts file in a package without "type": "module" is CommonJS too.
    const plain = write('plain', 'one.ts', `import pad from 'left-pad-not-installed';\nexport const agent = pad;\n`, 'commonjs');
    expect((await weft(['run', 'plain/one.ts', '--query', 'x'], cwd)).stderr).toBe(
      `weft: cannot load ${plain}: package left-pad-not-installed is not installed (imported from ${plain})
hint: install it in the project: npm install left-pad-not-installed
`,
    );
  });

  describe('WEFT_DEBUG=1 shows where your code threw, first', () => {
    const stackOf = (stderr: string) => {
      const lines = stderr.split('\n');
      return { reported: lines.slice(0, 2), header: lines[2], error: lines[3], frame: lines[4], rest: lines.slice(5).join('\n') };
    };

    it('a tool that throws', async () => {
      const module = projectModule(cwd, join(FIXTURES, 'failing-tool-agent.ts'));
      const reported = [
        'weft: the run failed: TOOL_FAILED: lookup failed: the order service is down',
        'hint: fix the cause, then continue from the last checkpoint: weft resume -- d1',
      ];
      const plain = await weft(['run', module, '--query', 'A-1?', '--thread', 'd1'], cwd);
      expect(plain.code).toBe(1);
      expect(plain.stderr).toBe(`${reported.join('\n')}\n`);
      expect(plain.stdout.trimEnd().split('\n').slice(1)).toEqual([
        '[Clerk] Clerk',
        '  call lookup({"order":"A-1"})',
        '  error TOOL_FAILED: lookup failed: the order service is down',
      ]);

      const debug = await weft(['run', module, '--query', 'A-1?', '--thread', 'd2'], cwd, { WEFT_DEBUG: '1' });
      expect(debug.code).toBe(1);
      const stack = stackOf(debug.stderr);
      expect(stack.reported).toEqual(reported.map((l) => l.replace('d1', 'd2')));
      expect(stack.header).toBe('stack traces, innermost (where it was thrown) first:');
      expect(stack.error).toBe('Error: the order service is down');
      expect(stack.frame).toMatch(/^ {4}at .*test-fixtures\/failing-tool-agent\.ts:\d+:\d+\)?$/);
      // Then the layers that wrapped it, down to the command's own error.
      expect(stack.rest).toMatch(
        /\nwhich caused:\nCliError: the run failed: TOOL_FAILED: lookup failed: the order service is down\n {4}at /,
      );
    });

    it('a graph node that throws', async () => {
      const module = projectModule(cwd, join(FIXTURES, 'expense-graph.ts'));
      expect((await weft(['run', module, '--input', '{"who":"Ann","amount":500}', '--thread', 'd3'], cwd)).code).toBe(0);
      const debug = await weft(['resume', '--value', '{"approved":false}', '--', 'd3'], cwd, { WEFT_DEBUG: '1' });
      expect(debug.code).toBe(1);
      const stack = stackOf(debug.stderr);
      expect(stack.reported).toEqual([
        'weft: the run failed: NODE_FAILED: node "approve" failed after 1 attempt: the expense of Ann was refused',
        'hint: fix the cause, then continue from the last checkpoint: weft resume -- d3',
      ]);
      expect(stack.header).toBe('stack traces, innermost (where it was thrown) first:');
      expect(stack.error).toBe('Error: the expense of Ann was refused');
      expect(stack.frame).toMatch(/^ {4}at .*test-fixtures\/expense-graph\.ts:\d+:\d+\)?$/);
    });
  });
});
