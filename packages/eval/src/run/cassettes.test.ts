import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ChatModel } from '@weft/chat-model';
import { defineEval } from '../define/define-eval.ts';
import { billingDesk, deskModels, refunds } from '../test-support/billing-desk.ts';
import { runEval } from './run-eval.ts';

/** Live models that count their calls, or that fail any call (a replay must never reach them). */
function liveModels(mode: 'count' | 'refuse') {
  const scripted = deskModels();
  const calls = { Desk: 0, Billing: 0 };
  const wrap = (name: 'Desk' | 'Billing'): ChatModel => ({
    name: `live:${name}`,
    generate: (messages, options) => {
      calls[name] += 1;
      if (mode === 'refuse') throw new Error(`the live ${name} model was called`);
      return scripted[name].generate(messages, options);
    },
    stream: (messages, options) => {
      calls[name] += 1;
      if (mode === 'refuse') throw new Error(`the live ${name} model was called`);
      return scripted[name].stream(messages, options);
    },
  });
  return { models: { Desk: wrap('Desk'), Billing: wrap('Billing') }, calls };
}

function deskEval(live: ReturnType<typeof liveModels>, cassettes: string) {
  return defineEval({
    name: 'desk',
    target: ({ model }) => billingDesk((name) => model(live.models[name], { name })),
    cassettes,
    cases: [
      { id: 'hello', input: 'Hi there' },
      { id: 'refund', input: 'Please refund INV-1', answers: { 'tool:refund:*': { approved: true } } },
    ],
    scorers: { done: (run) => ({ score: run.status === 'done' ? 1 : 0, pass: run.status === 'done', reason: run.status }) },
  });
}

describe('per-case cassettes', () => {
  it('records each case into its own cassette, then replays it without calling the live models', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'weft-eval-cassettes-'));
    const recording = liveModels('count');
    const recorded = await runEval(deskEval(recording, dir), { mode: 'record' });
    expect(recorded.cases.map((c) => c.status)).toEqual(['passed', 'passed']);
    // Billing answers the refund case itself (it cannot transfer back): Desk is called once per case.
    expect(recording.calls).toEqual({ Desk: 2, Billing: 3 });
    expect(readdirSync(dir).sort()).toEqual(['hello.jsonl', 'refund.jsonl']);
    expect(readFileSync(join(dir, 'refund.jsonl'), 'utf8').trim().split('\n')).toHaveLength(4);

    refunds.length = 0;
    const replaying = liveModels('refuse');
    const replayed = await runEval(deskEval(replaying, dir), {});
    expect(replayed.mode).toBe('replay');
    expect(replayed.cases.map((c) => [c.id, c.status, c.output])).toEqual([
      ['hello', 'passed', 'Hello! You said: Hi there'],
      ['refund', 'passed', 'Done: refunded $49 on INV-1.'],
    ]);
    expect(replaying.calls).toEqual({ Desk: 0, Billing: 0 });
    // The tools are not recorded: they run again, with the approval the case gives.
    expect(refunds).toEqual([{ invoice_id: 'INV-1', amount: 49 }]);
    expect(replayed.cases[1]?.trajectory).toEqual(recorded.cases[1]?.trajectory);
  });

  it('ends a case whose call has no recorded answer as CASSETTE_MISMATCH naming the case, the call and the command that re-records it — never calling the live model', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'weft-eval-cassettes-'));
    await runEval(deskEval(liveModels('count'), dir), { mode: 'record' });
    const lines = readFileSync(join(dir, 'refund.jsonl'), 'utf8').trim().split('\n');
    writeFileSync(join(dir, 'refund.jsonl'), lines.slice(0, 2).join('\n') + '\n');
    const replaying = liveModels('refuse');
    const report = await runEval(deskEval(replaying, dir), { file: 'evals/desk.eval.ts' });
    expect(replaying.calls).toEqual({ Desk: 0, Billing: 0 });
    expect(report.cases[0]?.status).toBe('passed');
    const broken = report.cases[1];
    expect(broken?.status).toBe('error');
    expect(broken?.scorers).toEqual({});
    expect(broken?.error?.code).toBe('CASSETTE_MISMATCH');
    expect(broken?.error?.message.split('\n')[0]).toBe(
      `case "refund": model call 3 (Billing) has no recorded answer in ${join(dir, 'refund.jsonl')}; re-record the case with: weft eval evals/desk.eval.ts --record --filter refund`,
    );
  });

  it('says a case has no cassette yet the same way', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'weft-eval-cassettes-'));
    const report = await runEval(deskEval(liveModels('refuse'), dir), { filter: ['hello'] });
    expect(report.cases[0]?.error?.message.split('\n')[0]).toBe(
      `case "hello": model call 1 (Desk) cannot be replayed: the cassette is missing or unreadable in ${join(dir, 'hello.jsonl')}; re-record the case with: weft eval <eval file> --record --filter hello`,
    );
  });

  it('keeps the old cassette when the run of a recording fails', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'weft-eval-cassettes-'));
    await runEval(deskEval(liveModels('count'), dir), { mode: 'record', filter: ['hello'] });
    const before = readFileSync(join(dir, 'hello.jsonl'), 'utf8');
    const failing = liveModels('refuse');
    const report = await runEval(deskEval(failing, dir), { mode: 'record', filter: ['hello'] });
    expect(report.cases[0]?.status).toBe('error');
    expect(failing.calls.Desk).toBeGreaterThan(0);
    expect(readFileSync(join(dir, 'hello.jsonl'), 'utf8')).toBe(before);
    expect(readdirSync(dir)).toEqual(['hello.jsonl']);
  });
});
