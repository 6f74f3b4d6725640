import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { CheckpointRecord } from './checkpoint-record.ts';
import { checkpointRecordSchema } from './checkpoint-record-schema.ts';
import { checkRecordShape } from './check-record-shape.js';
import { checkpointRecord } from '../conformance/checkpoint-record.ts';

const require = createRequire(import.meta.url);
const GENERATED = fileURLToPath(new URL('./check-record-shape.js', import.meta.url));
const INDEX = fileURLToPath(new URL('../index.ts', import.meta.url));

/** The validator ajv compiles from the schema today, and its standalone code (what check-record-shape.js was written from). */
function compiled() {
  const { Ajv } = require('ajv/dist/jtd.js') as typeof import('ajv/dist/jtd.js');
  const standalone = (require('ajv/dist/standalone/index.js') as typeof import('ajv/dist/standalone/index.js')).default;
  const ajv = new Ajv({ validateSchema: false, code: { source: true, esm: true } });
  ajv.addSchema(checkpointRecordSchema, 'record');
  const check = ajv.getSchema('record');
  if (!check) throw new Error('ajv did not compile the record schema');
  return { check, code: standalone(ajv, { checkRecordShape: 'record' }) };
}

const sha256 = (text: string): string => createHash('sha256').update(text).digest('hex');

const record = (over: Partial<CheckpointRecord> = {}): CheckpointRecord =>
  checkpointRecord({
    id: 'c2',
    parentId: 'c1',
    seq: 2,
    step: 1,
    status: 'interrupted',
    source: 'step',
    state: { patches: [{ op: 'add', path: ['log', 0], value: 'a' }] },
    frontier: [{ node: 'ask', input: 'go', resume: [['ask#0', 'yes']] }],
    joins: [{ node: 'j', delivered: [['a', 1]], skipped: ['b'] }],
    skips: [['c', ['a']]],
    pending: [{ node: 'a', patches: [{ op: 'replace', path: ['n'], value: 2 }], output: 1 }],
    interrupts: [{ id: 'ask#0', address: 'ask', path: [], info: 'approve?' }],
    context: { user: 'u' },
    ...over,
  });

describe('the record shape check is code generated from the schema, not compiled in the process', () => {
  it('a process that imports the package and decodes a checkpoint loads no ajv module and no native msgpack extractor, and formats no number through Intl', () => {
    // A fresh process: this test file loads ajv itself. Counts, not clocks: what was loaded, what was called.
    const script = `
      import { createRequire } from 'node:module';
      let localeCalls = 0;
      const toLocaleString = Number.prototype.toLocaleString;
      Number.prototype.toLocaleString = function (...args) { localeCalls++; return toLocaleString.apply(this, args); };
      const m = await import(${JSON.stringify(INDEX)});
      const atImport = localeCalls;
      const r = ${JSON.stringify(record())};
      const back = m.decodeCheckpoint(m.encodeCheckpoint(r), 'x');
      const loaded = Object.keys(createRequire(import.meta.url).cache);
      const ajv = loaded.filter((k) => /[\\\\/]ajv[\\\\/]/.test(k));
      const extractor = loaded.filter((k) => /msgpackr-extract|node-gyp-build/.test(k));
      console.log(JSON.stringify({ atImport, same: JSON.stringify(back) === JSON.stringify(r), ajv, extractor }));`;
    const out = execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      cwd: fileURLToPath(new URL('../..', import.meta.url)),
      encoding: 'utf8',
    });
    expect(JSON.parse(out.trim().split('\n').pop() ?? '')).toEqual({ atImport: 0, same: true, ajv: [], extractor: [] });
  });

  it('check-record-shape.js is the standalone code of the schema as ajv compiles it today', () => {
    const { code } = compiled();
    if (process.env['WEFT_WRITE_RECORD_CHECK']) writeFileSync(GENERATED, generatedFile(code));
    const header = /^\/\/ sha256 of ajv's code: ([0-9a-f]{64})$/m.exec(readFileSync(GENERATED, 'utf8'));
    expect(header?.[1], 'schema or ajv changed: see the header of check-record-shape.js to write it again').toBe(sha256(code));
  });

  it('gives the same verdict and first error as the compiled schema, on a valid record and a wrong value in each field', () => {
    const { check } = compiled();
    const wrong: unknown[] = [undefined, null, 'x', -1, 1.5, 2 ** 40, [], {}, [{}], [1], { full: 1 }, { patches: [{ op: 'x', path: [] }] }];
    const cases: unknown[] = [record(), record({ parentId: null, output: 'o', error: { name: 'WeftError', code: 'X', message: 'e' } })];
    for (const field of Object.keys(record())) for (const value of wrong) cases.push({ ...record(), [field]: value });
    cases.push(record({ frontier: [{ node: 'a', input: null, sub: { ...record(), seq: 'x' } as unknown as CheckpointRecord }] }));
    let valid = 0;
    for (const value of cases) {
      const expected = check(value);
      expect(checkRecordShape(value), JSON.stringify(value)).toBe(expected);
      expect(checkRecordShape.errors?.[0]).toEqual(check.errors?.[0]);
      if (expected) valid++;
    }
    // Both records, and the few wrong values that are still of the field's type (a string id, a list of tasks...).
    expect(valid).toBeGreaterThanOrEqual(2);
    expect(cases.length - valid).toBeGreaterThan(150);
  });
});

/** The file as written: why it exists, how to write it again, the hash the test compares, then ajv's code. */
function generatedFile(code: string): string {
  return [
    '// Generated from checkpoint-record-schema.ts by ajv standalone code (JTD); do not edit.',
    '// Write it again after changing the schema or upgrading ajv (from packages/checkpoint):',
    '//   WEFT_WRITE_RECORD_CHECK=1 npx vitest run src/record/check-record-shape.test.ts && npx prettier --write src/record/check-record-shape.js',
    `// sha256 of ajv's code: ${sha256(code)}`,
    '//',
    '// Why generated: compiling the schema in the process meant loading ajv (about',
    '// 30 ms) and compiling it (about 9 ms) at the first checkpoint a process',
    '// decoded, most of the first interrupt + resume cycle (32.7 ms of 139 ms for',
    '// import + setup + first run; pnpm bench:cold, 2026-11-28). The generated',
    '// function is the one ajv compiles, so each check costs the same.',
    code,
    '',
  ].join('\n');
}
