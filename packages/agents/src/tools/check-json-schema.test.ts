import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { compileJsonSchema } from './compile-json-schema.ts';
import { jsonSchemaAjv, JSON_SCHEMA_AJV_OPTIONS } from './json-schema-ajv.ts';

const require = createRequire(import.meta.url);
const GENERATED = fileURLToPath(new URL('./check-json-schema.js', import.meta.url));
const DRAFT_07 = 'http://json-schema.org/draft-07/schema';
const sha256 = (text: string): string => createHash('sha256').update(text).digest('hex');

/** An ajv as jsonSchemaAjv made it before: the meta-schema compiled in the process, checking every schema it compiles. */
function ajvCheckingSchemas(code?: object) {
  const { Ajv } = require('ajv') as typeof import('ajv');
  const formats = require('ajv-formats') as typeof import('ajv-formats');
  const ajv = new Ajv({ ...JSON_SCHEMA_AJV_OPTIONS, validateSchema: true, ...(code ? { code } : {}) });
  formats.default(ajv);
  return ajv;
}

/** ajv's standalone code for the draft-07 meta-schema, compiled with jsonSchemaAjv's options (what check-json-schema.js holds). */
function metaSchemaCode(): string {
  const { _ } = require('ajv') as typeof import('ajv');
  const standalone = (require('ajv/dist/standalone/index.js') as typeof import('ajv/dist/standalone/index.js')).default;
  const ajv = ajvCheckingSchemas({ source: true, esm: true, formats: _`require("ajv-formats/dist/formats").fullFormats` });
  return standalone(ajv, { checkJsonSchema: DRAFT_07 });
}

/** What compiling `schema` throws (its message), or 'ok'. */
function outcome(compile: () => unknown): string {
  try {
    compile();
    return 'ok';
  } catch (err) {
    return err instanceof Error ? err.message : String(err);
  }
}

const SCHEMAS: object[] = [
  { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
  { type: 'object', properties: { a: { type: 'nonsense' } } },
  { type: 'object', properties: { a: { type: 'string', minLength: -1 } }, required: 'a' },
  { type: 'object', properties: { a: { enum: [1, 1] } } },
  { type: 'object', properties: { a: { type: ['string', 'string'] } } },
  { type: 'object', properties: { a: { $ref: '#/definitions/b' } }, definitions: { b: { type: 'integer', format: 'int32' } } },
  { $schema: `${DRAFT_07}#`, type: 'object', properties: { a: { type: 'number', multipleOf: 0 } } },
  { $schema: DRAFT_07, type: 'object', additionalProperties: 'no' },
  { $schema: 'https://json-schema.org/draft/2020-12/schema', type: 'object' },
  { $schema: 7, type: 'object' },
  { type: 'object', properties: { url: { type: 'string', format: 'uri' }, at: { type: 'string', format: 'x-vendor' } } },
  { type: 'object', $id: 'urn:weft:tool', properties: { a: { type: 'string', pattern: '^[a-z]+$' } } },
];

describe('a JSON Schema is checked against the draft-07 meta-schema by generated code', () => {
  it('gives the verdict and message ajv gave when it compiled the meta-schema itself, for valid and invalid schemas', () => {
    const before = SCHEMAS.map((s) => outcome(() => ajvCheckingSchemas().compile(s)));
    const after = SCHEMAS.map((s) => outcome(() => compileJsonSchema(s)));
    expect(after).toEqual(before);
    expect(before.filter((o) => o === 'ok')).toHaveLength(4);
    expect(before.filter((o) => o.startsWith('schema is invalid: '))).toHaveLength(6);
  });

  it('compiling a tool schema with the default meta-schema leaves the meta-schema uncompiled in the process', () => {
    compileJsonSchema({ type: 'object', properties: { q: { type: 'string' } } });
    const env = (jsonSchemaAjv() as unknown as { schemas: Record<string, { validate?: unknown } | undefined> }).schemas[DRAFT_07];
    expect(env).toBeDefined();
    expect(env?.validate).toBeUndefined();
  });

  it('check-json-schema.js is the standalone code ajv writes for the meta-schema today', () => {
    const code = metaSchemaCode();
    if (process.env['WEFT_WRITE_SCHEMA_CHECK']) writeFileSync(GENERATED, generatedFile(code));
    const header = /^\/\/ sha256 of ajv's code: ([0-9a-f]{64})$/m.exec(readFileSync(GENERATED, 'utf8'));
    expect(header?.[1], 'ajv or its options changed: see the header of check-json-schema.js to write it again').toBe(sha256(code));
  });
});

/**
 * The file as written: why it exists, how to write it again, the hash the test
 * compares, then ajv's code with its requires made ESM imports. An import, not
 * a require through createRequire: a bundler (esbuild, as a bundled weft is)
 * follows an import, while a require made at run time looks for ajv beside the
 * bundle, where it is not.
 */
function generatedFile(code: string): string {
  const imports: string[] = [];
  // `require(X).default` of ajv's CommonJS runtime: Node's import gives its exports object, a bundler or
  // Vite may give the default export itself.
  const body = code.replace(/const (\w+) = require\("([^"]+)"\)\.default;/g, (_line, name: string, from: string) => {
    const file = from.endsWith('.js') ? from : `${from}.js`;
    imports.push(`import ${name}Module from '${file}';`);
    return `const ${name} = typeof ${name}Module === 'function' ? ${name}Module : ${name}Module.default;`;
  });
  if (/\brequire\(/.test(body)) throw new Error("ajv's standalone code has a require this file cannot turn into an import");
  return [
    "// Generated from ajv's draft-07 meta-schema by ajv standalone code, with jsonSchemaAjv's options; do not edit.",
    '// Write it again after upgrading ajv or changing those options (from packages/agents):',
    '//   WEFT_WRITE_SCHEMA_CHECK=1 npx vitest run src/tools/check-json-schema.test.ts && npx prettier --write src/tools/check-json-schema.js',
    `// sha256 of ajv's code: ${sha256(code)}`,
    '//',
    '// Why generated: ajv compiled the meta-schema at the first schema a process',
    '// compiled, 29-40 ms of its setup (4 ms without; node 20, 2-core VM, 2026-11-28).',
    ...imports,
    body,
    '',
  ].join('\n');
}
