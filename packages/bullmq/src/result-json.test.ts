import { describe, expect, it } from 'vitest';
import { NodeError, WeftError, errorFromJSON } from '@weft/graph';
import { jsonText, resultFromJSON, resultToJSON } from './result-json.ts';
import { parseJobData } from './job-data.ts';

describe('results and errors as JSON', () => {
  it('rebuilds a failed run’s error as a WeftError with its name, code, message, details and cause', () => {
    const error = new NodeError(['outer', 'inner'], new WeftError('NODE_TIMEOUT', 'too slow', { details: { ms: 5 } }), 2);
    const back = resultFromJSON<{ status: string; error: WeftError<string> }>(resultToJSON({ status: 'error', error, state: { n: 1 } }));
    expect(back.error).toBeInstanceOf(WeftError);
    expect([back.error.name, back.error.code, back.error.message, back.error.details]).toEqual([
      'NodeError',
      'NODE_FAILED',
      error.message,
      { node: 'inner', path: ['outer', 'inner'], attempts: 2 },
    ]);
    expect(back.error.cause).toMatchObject({ code: 'NODE_TIMEOUT', message: 'too slow', details: { ms: 5 } });
    expect(back.error.cause).toBeInstanceOf(WeftError);
    expect(back.error.toJSON()).toEqual(error.toJSON());
  });

  it('writes values JSON cannot carry as text instead of failing after the run', () => {
    expect(JSON.parse(jsonText({ big: 10n ** 20n, err: new Error('x'), f: () => 1 }))).toEqual({
      big: '100000000000000000000',
      err: { name: 'Error', code: 'ERROR', message: 'x' },
    });
    expect(errorFromJSON({ name: 'QueueError', code: 'QUEUE_CLOSED', message: 'closed' }).name).toBe('QueueError');
  });
});

describe('job data', () => {
  it('accepts what a WeftQueue writes and refuses anything else with QUEUE_JOB_DATA_INVALID', () => {
    const run = { kind: 'run', target: 't', threadId: 'th', input: 1 };
    expect(parseJobData(run, '1')).toBe(run);
    for (const bad of [
      null,
      [],
      { ...run, kind: 'go' },
      { ...run, target: '' },
      { ...run, threadId: 3 },
      { kind: 'resume', target: 't', threadId: 'th', resume: [] },
    ])
      expect(() => parseJobData(bad, '9')).toThrow(expect.objectContaining({ code: 'QUEUE_JOB_DATA_INVALID', details: { jobId: '9' } }));
  });
});
