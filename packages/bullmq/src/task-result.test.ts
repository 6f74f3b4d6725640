import { encodeValue } from '@weft/graph';
import { describe, expect, it } from 'vitest';
import { parseTaskJobData } from './task-job-data.ts';
import { parseTaskResult } from './task-result.ts';

const b64 = (v: unknown) => Buffer.from(encodeValue(v)).toString('base64');

describe('what a worker reads back from Redis is checked before it is used', () => {
  it('accepts the three kinds of task result a worker writes', () => {
    const events = [{ type: 'node.start', node: 'work', key: 'a', input: 1, attempt: 1 }];
    const done = { kind: 'done', output: [1], patches: [{ op: 'add', path: ['seen', 0], value: 'a' }], events };
    const asked = {
      kind: 'interrupted',
      interrupts: [{ id: 'work/a#0', address: 'work/a', path: ['work'], info: {} }],
      resume: [],
      events,
    };
    const failed = { kind: 'error', error: { name: 'NodeError', code: 'NODE_FAILED', message: 'boom' }, branch: false, events };
    for (const r of [done, asked, failed]) expect(parseTaskResult(r, 'r')).toBe(r);
  });

  it('refuses results that would change the thread in ways no node can: a bad patch, a bad kind, foreign events', () => {
    const bad: [unknown, RegExp][] = [
      [{ kind: 'done', output: 1, patches: [{ op: 'setPrototypeOf', path: [] }], events: [] }, /no add\/replace\/remove op/],
      [{ kind: 'done', output: 1, patches: [{ op: 'add', path: [{}], value: 1 }], events: [] }, /patch path/],
      [{ kind: 'done', output: 1, patches: 'all', events: [] }, /patches must be a list/],
      [{ kind: 'done', output: 1, patches: [], events: [{ type: 'run.end' }] }, /node events/],
      [{ kind: 'interrupted', interrupts: [], resume: [], events: [] }, /non-empty list/],
      [{ kind: 'error', error: { message: 'x' }, branch: false, events: [] }, /name, code and message/],
      [{ kind: 'exec', events: [] }, /unknown kind "exec"/],
      ['done', /not an object/],
    ];
    for (const [value, why] of bad) {
      expect(() => parseTaskResult(value, 'the result of task job j1')).toThrow(expect.objectContaining({ code: 'QUEUE_TASK_FAILED' }));
      expect(() => parseTaskResult(value, 'the result of task job j1')).toThrow(why);
    }
  });

  it('refuses task job data no worker wrote, and task bytes that do not decode or do not match', () => {
    const task = { node: 'work', key: 'a', input: 1, resume: undefined };
    const good = { kind: 'task', target: 'map', stepKey: 's1', node: 'work', key: 'a', task: b64(task) };
    expect(parseTaskJobData(good, 'j')).toEqual({ data: good, task });
    const cases: [unknown, string][] = [
      [{ ...good, kind: 'run' }, 'QUEUE_JOB_DATA_INVALID'],
      [{ ...good, stepKey: '' }, 'QUEUE_JOB_DATA_INVALID'],
      [{ ...good, task: Buffer.from('hello').toString('base64') }, 'VALUE_CORRUPT'],
      [{ ...good, key: 'b' }, 'QUEUE_JOB_DATA_INVALID'],
      [{ ...good, task: b64({ ...task, resume: 'yes' }) }, 'QUEUE_JOB_DATA_INVALID'],
    ];
    for (const [data, code] of cases) expect(() => parseTaskJobData(data, 'j')).toThrow(expect.objectContaining({ code }));
  });
});
