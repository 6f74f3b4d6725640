import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

// The browser scripts are plain JS (inlined as they are) with `// @ts-check`: checked here against the DOM types, together, as the page runs them.
const files = ['viewer-dom.js', 'viewer-canvas.js', 'viewer-replay.js', 'viewer-client.js'].map((f) =>
  fileURLToPath(new URL(`./${f}`, import.meta.url)),
);

describe("the viewer's browser scripts", () => {
  it('type-check under strict // @ts-check with the DOM library', () => {
    const program = ts.createProgram(files, {
      allowJs: true,
      checkJs: true,
      noEmit: true,
      strict: true,
      target: ts.ScriptTarget.ES2022,
      lib: ['lib.es2023.d.ts', 'lib.dom.d.ts', 'lib.dom.iterable.d.ts'],
      types: [],
    });
    const problems = ts
      .getPreEmitDiagnostics(program)
      .map((d) => `${d.file?.fileName.split('/').pop() ?? ''}: ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`);
    expect(problems).toEqual([]);
  }, 30_000);
});
