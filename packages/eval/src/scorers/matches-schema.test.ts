import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { EvalError } from '../errors.ts';
import { matchesSchema } from './matches-schema.ts';
import { caseRun, scorerContext } from './test-support/case-run.ts';

const ctx = scorerContext();
const refund = z.object({ invoiceId: z.string(), refunded: z.boolean() });

describe('matchesSchema()', () => {
  it('checks an output value, or the JSON text an agent answered with', async () => {
    const scorer = matchesSchema(refund);
    expect(scorer.name).toBe('matchesSchema');
    const ok = { score: 1, pass: true, reason: 'the output matches the zod schema' };
    expect(await scorer.score(caseRun({ output: { invoiceId: 'INV-1', refunded: true } }), ctx)).toEqual(ok);
    expect(await scorer.score(caseRun({ output: '{"invoiceId":"INV-1","refunded":true}' }), ctx)).toEqual(ok);
  });

  it("fails with the schema's own messages and keeps the issues", async () => {
    expect(await matchesSchema(refund).score(caseRun({ output: '{"invoiceId":1042,"refunded":true}' }), ctx)).toEqual({
      score: 0,
      pass: false,
      reason: 'the output does not match the zod schema: invoiceId: Invalid input: expected string, received number',
      details: { issues: [{ message: 'Invalid input: expected string, received number', path: ['invoiceId'] }] },
    });
    expect(await matchesSchema(refund).score(caseRun({ output: 'Refunded.' }), ctx)).toEqual({
      score: 0,
      pass: false,
      reason: 'the output does not match the zod schema: Invalid input: expected object, received string',
      details: { issues: [{ message: 'Invalid input: expected object, received string', path: [] }] },
    });
  });

  it('scores 0 a run that did not end done, and refuses what is not a schema', async () => {
    expect(await matchesSchema(refund).score(caseRun({ status: 'interrupted' }), ctx)).toEqual({
      score: 0,
      pass: false,
      reason: 'the run ended interrupted, with no final output',
    });
    expect(() => matchesSchema('refund' as never)).toThrow(
      expect.objectContaining({
        code: 'INVALID_ARGUMENT',
        message: 'matchesSchema() takes a Standard Schema (a Zod, Valibot or ArkType schema) or a JSON Schema object, got "refund"',
      }) as EvalError,
    );
    expect(() => matchesSchema({ type: 'objekt' })).toThrow(
      expect.objectContaining({
        code: 'INVALID_ARGUMENT',
        message: expect.stringContaining('matchesSchema(): outputSchema is not a valid JSON Schema') as string,
      }) as EvalError,
    );
  });

  it('checks a JSON Schema as an agent checks its outputSchema', async () => {
    const scorer = matchesSchema({
      type: 'object',
      properties: { invoiceId: { type: 'string' }, refunded: { type: 'boolean' } },
      required: ['invoiceId', 'refunded'],
    });
    expect(await scorer.score(caseRun({ output: '{"invoiceId":"INV-1","refunded":true}' }), ctx)).toEqual({
      score: 1,
      pass: true,
      reason: 'the output matches the JSON Schema',
    });
    expect(await scorer.score(caseRun({ output: { invoiceId: 'INV-1' } }), ctx)).toEqual({
      score: 0,
      pass: false,
      reason: "the output does not match the JSON Schema: output must have required property 'refunded'",
    });
  });
});
