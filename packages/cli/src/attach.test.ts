/**
 * `weft run --attach <file>[:<type>]`: the query and the files reach the
 * agent's model as one user message of parts, with the exact bytes; a file
 * that cannot be sent is refused before anything runs, and a model that
 * cannot take a part says so by its code.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, realpathSync, rmSync, statSync, truncateSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ATTACHMENT_MAX_BYTES } from './read-attachment.ts';
import { runMain } from '../test-support/run-main.ts';
import { FIXTURES, projectModule, tempDir } from '../test-support/spawn-weft.ts';

const sha = (bytes: Uint8Array): string => createHash('sha256').update(bytes).digest('hex');
/** Bytes that are the same on every run and not all alike (a PNG signature, then a counting pattern). */
function bytes(size: number, seed: number): Uint8Array {
  const out = new Uint8Array(size);
  out.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  for (let i = 8; i < size; i++) out[i] = (i * seed) & 0xff;
  return out;
}

describe('weft run --attach', () => {
  const cwd = realpathSync(tempDir());
  const AGENT = projectModule(cwd, join(FIXTURES, 'attachment-agent.ts'));
  const GRAPH = projectModule(cwd, join(FIXTURES, 'expense-graph.ts'));
  const file = (name: string, data: Uint8Array | string): Uint8Array => {
    mkdirSync(join(cwd, name, '..'), { recursive: true });
    writeFileSync(join(cwd, name), data);
    return typeof data === 'string' ? new TextEncoder().encode(data) : data;
  };
  afterAll(() => rmSync(cwd, { recursive: true, force: true }));

  it('sends the query and the files as one user message [text, ...files], each with its media type and exact bytes', async () => {
    const png = file('files/chart.png', bytes(100 * 1024, 7));
    const notes = file('files/notes.md', '# Notes\n\nThe chart is from May.\n');
    const wav = file('voice.wav', bytes(3000, 13));
    const scan = file('scan.bin', bytes(5000, 3));
    const raw = file('blob.xyz', bytes(10, 5));
    const run = await runMain(
      ['run', AGENT, '--query', 'What is this?', '--store', 'memory', '--thread', 't1']
        .concat(['--attach', 'files/chart.png', '--attach', 'files/notes.md', '--attach', 'voice.wav'])
        .concat(['--attach', 'scan.bin:application/pdf', '--attach', 'blob.xyz']),
      cwd,
    );
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const received = [
      'text "What is this?"',
      `image image/png 102400 bytes sha256:${sha(png)}`,
      `file text/markdown notes.md ${notes.byteLength} bytes sha256:${sha(notes)}`,
      `audio audio/wav 3000 bytes sha256:${sha(wav)}`,
      `file application/pdf scan.bin 5000 bytes sha256:${sha(scan)}`,
      `file application/octet-stream blob.xyz 10 bytes sha256:${sha(raw)}`,
    ];
    expect(run.stdout.split('\n').slice(1)).toEqual([
      '[Viewer] Viewer',
      `  received 1 message(s): ${received.join(' | ')}`,
      '',
      'done · thread t1 · seq 3, step 2',
      '',
    ]);
  });

  it('takes the media type after the last colon, and sends the files alone when there is no query', async () => {
    const photo = file('photo.bin', bytes(2048, 11));
    const run = await runMain(['run', AGENT, '--attach', 'photo.bin:image/png', '--store', 'memory', '--thread', 't2'], cwd);
    expect(run).toMatchObject({ code: 0, stderr: '' });
    expect(run.stdout.split('\n')[2]).toBe(`  received 1 message(s): image image/png 2048 bytes sha256:${sha(photo)}`);
  });

  it('refuses a file that is missing, a folder, or over 20 MiB, naming the path, with the exit code of a usage error', async () => {
    const missing = await runMain(['run', AGENT, '--query', 'hi', '--attach', 'nope.png', '--store', 'memory'], cwd);
    const hint =
      'hint: check the path (relative to the current folder); --attach takes <file> or <file>:<media type>, e.g. photo.bin:image/png\n';
    expect(missing).toEqual({
      code: 2,
      stdout: '',
      stderr: `weft: --attach nope.png: cannot read ${join(cwd, 'nope.png')} (no such file)\n${hint}`,
    });
    const folder = await runMain(['run', AGENT, '--query', 'hi', '--attach', 'files', '--store', 'memory'], cwd);
    expect(folder).toEqual({
      code: 2,
      stdout: '',
      stderr: `weft: --attach files: cannot read ${join(cwd, 'files')} (not a file)\n${hint}`,
    });
    // A sparse file: its size is past the limit without writing 20 MiB.
    writeFileSync(join(cwd, 'huge.png'), '');
    truncateSync(join(cwd, 'huge.png'), ATTACHMENT_MAX_BYTES + 1);
    const huge = await runMain(['run', AGENT, '--query', 'hi', '--attach', 'huge.png', '--store', 'memory'], cwd);
    expect(huge).toEqual({
      code: 2,
      stdout: '',
      stderr:
        `weft: --attach huge.png: ${join(cwd, 'huge.png')} is 20 MiB (20971521 bytes); an attachment is at most 20 MiB\n` +
        'hint: attach a smaller file (scale the image down, split the document), or put a link to it in --query\n',
    });
  });

  it('is a usage error for a graph, and with --input', async () => {
    file('a.png', bytes(100, 3));
    const graph = await runMain(['run', GRAPH, '--query', 'hi', '--attach', 'a.png', '--store', 'memory'], cwd);
    expect(graph).toEqual({
      code: 2,
      stdout: '',
      stderr:
        'weft: run: --attach applies to agents (their user message takes images, files and audio); this module runs a graph\n' +
        "hint: pass the graph what it takes with --input, or run an agent's module\n",
    });
    const input = await runMain(
      ['run', AGENT, '--input', '[{"role":"user","content":"hi"}]', '--attach', 'a.png', '--store', 'memory'],
      cwd,
    );
    expect(input).toEqual({
      code: 2,
      stdout: '',
      stderr:
        'weft: run: --attach goes with --query, not --input\n' +
        'hint: ask with --query "<text>" --attach <file>, or put the parts in the --input messages\n',
    });
  });

  it('prints UNSUPPORTED_CONTENT by its code, with the message and a hint that fits, when the model takes text only', async () => {
    file('b.png', bytes(100, 5));
    const run = await runMain(
      ['run', AGENT, '--export', 'textOnly', '--query', 'hi', '--attach', 'b.png', '--store', 'memory', '--thread', 't3'],
      cwd,
    );
    expect(run.code).toBe(1);
    const refusal =
      'message 0, part 1 is an image part; model "text-reader" takes text only: use a model that accepts image parts, or remove the part';
    expect(run.stdout.split('\n').slice(1)).toEqual(['[Reader] Reader', `  error MODEL_FAILED: agent "Reader": ${refusal}`, '']);
    expect(run.stderr).toBe(
      `weft: the run failed: MODEL_FAILED (cause: UNSUPPORTED_CONTENT): agent "Reader": ${refusal}\n` +
        'hint: the model does not take image parts: run with a model that accepts them, or send the message without them (leave out that --attach); resuming sends the same input again\n',
    );
  });

  it('weft replay of a thread sent a 100 KiB image writes a page 4/3 of the image larger, not 10×, and so does a recorded run log', async () => {
    const png = file('replay/photo.png', bytes(100 * 1024, 17));
    const store = ['--store', 'sqlite:replay/weft.db'];
    for (const [thread, attach] of [
      ['plain', []],
      ['photo', ['--attach', 'replay/photo.png']],
    ] as const) {
      const run = await runMain(
        ['run', AGENT, '--query', 'What is this?', ...attach, ...store, '--thread', thread, '--record', `replay/${thread}.jsonl`],
        cwd,
      );
      expect(run).toMatchObject({ code: 0, stderr: '' });
      for (const source of [thread, `replay/${thread}.jsonl`]) {
        const page = await runMain(['replay', source, ...store, '-o', `replay/${source.replace(/\W/g, '_')}.html`], cwd);
        expect(page).toMatchObject({ code: 0 });
      }
    }
    const size = (name: string) => statSync(join(cwd, 'replay', name)).size;
    const grown = size('photo.html') - size('plain.html');
    const base64 = Math.ceil(png.byteLength / 3) * 4;
    // The image's base64 once, and the few views that point at it and label it (the sha-256 line the model answered with too).
    expect(grown).toBeGreaterThanOrEqual(base64);
    expect(grown).toBeLessThan(base64 + 1024);
    expect(readFileSync(join(cwd, 'replay', 'photo.html'), 'utf8')).toContain(
      `data:image/png;base64,${Buffer.from(png).toString('base64')}`,
    );
    // A run log holds the image at most once per page too: as its base64, or (as @weft/graph writes bytes today) as its size only.
    expect(size('replay_photo_jsonl.html') - size('replay_plain_jsonl.html')).toBeLessThan(base64 + 1024);
  });
});
