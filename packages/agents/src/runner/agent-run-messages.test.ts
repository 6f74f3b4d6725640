import { scriptedModel } from '@weft/models';
import { describe, expect, it } from 'vitest';
import { chatModelAgent, Runner, tool, type AgentChunkEvent, type AgentMessageEvent } from '../index.ts';

const echo = tool({
  name: 'echo',
  description: 'echoes',
  parameters: { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] } as const,
  execute: ({ text }) => text,
});

/** One line per message-stream item. */
const line = (e: AgentMessageEvent | AgentChunkEvent) =>
  e.type === 'chunk'
    ? `chunk ${JSON.stringify(e.output.stream.content ?? '')}`
    : `message ${e.output.message.content}${e.output.message.toolCalls?.length ? ` → ${e.output.message.toolCalls[0]!.name}` : ''}`;

describe('AgentRun.messages()', () => {
  it('gives the chunks and whole assistant messages in order, and nothing else (tool results are not in it)', async () => {
    const model = scriptedModel([{ toolCalls: [{ name: 'echo', arguments: { text: 'x' }, id: 'c1' }] }, { chunks: ['Hel', 'lo'] }]);
    const agent = chatModelAgent({ name: 'A', description: '', model, tools: [echo] });
    const run = new Runner({ agent, streaming: true }).query('hi');
    const seen: string[] = [];
    for await (const e of run.messages()) seen.push(line(e));
    const done = await run;
    expect(seen).toEqual(['chunk ""', 'message  → echo', 'chunk "Hel"', 'chunk "lo"', 'message Hello']);
    // The run's own events still have everything: the tool call's chunk, the tool result, the answer.
    expect(done.events.map((e) => e.type)).toEqual(['chunk', 'message', 'tool-result', 'chunk', 'chunk', 'message']);
  });

  it('is an Observable too; breaking out of the iteration leaves the run to finish', async () => {
    const model = scriptedModel([{ text: 'one' }]);
    const run = new Runner({ agent: chatModelAgent({ name: 'A', description: '', model }) }).query('hi');
    const all: string[] = [];
    const completed = new Promise<void>((resolve) => run.messages().subscribe({ next: (e) => all.push(line(e)), complete: resolve }));
    const first = (async () => {
      for await (const e of run.messages()) return line(e);
      return undefined;
    })();
    await completed;
    expect(all).toEqual(['message one']);
    expect(await first).toBe('message one');
    expect((await run).status).toBe('done');
  });
});
