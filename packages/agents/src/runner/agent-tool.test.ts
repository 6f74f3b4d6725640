import { interrupt, MemoryStore } from '@weft/graph';
import { scriptedModel, type ScriptItem } from '@weft/models';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { agentTool, chatModelAgent, Runner, tool } from '../index.ts';
import { summarize } from '../test-support/summarize.ts';

const call = (name: string, args: unknown, id = 'c1'): ScriptItem => ({
  toolCalls: [{ name, arguments: args as Record<string, unknown>, id }],
});

/** An outer agent that calls the inner agent (as a tool) once, then answers. */
function pair(
  innerScript: ScriptItem[],
  options: Parameters<typeof agentTool>[1] = {},
  outerArgs: unknown = { request: 'translate "hola"' },
) {
  const innerModel = scriptedModel(innerScript, { name: 'inner' });
  const note = tool({
    name: 'note',
    description: '',
    parameters: { type: 'object' },
    execute: (_a, ctx) => (ctx.setSessionValue('noted', `by inner, user ${String(ctx.getSessionValue('user'))}`), 'noted'),
  });
  const inner = chatModelAgent({ name: 'Translator', description: 'Translates text.', model: innerModel, tools: [note], exit: true });
  const outerModel = scriptedModel([call(options.name ?? 'Translator', outerArgs), { text: 'The translation is "hello".' }], {
    name: 'outer',
  });
  const outer = chatModelAgent({ name: 'Assistant', description: '', model: outerModel, tools: [agentTool(inner, options)] });
  return { outer, innerModel, outerModel };
}

describe('agentTool', () => {
  it('runs the agent with a fresh history and the request as its only message; the result is its last text', async () => {
    const sys = pair([{ text: 'hello' }]);
    const done = await new Runner({ agent: sys.outer }).query('Please translate hola', { sessionValues: { user: 'ana' } });
    expect(summarize(done.events)).toEqual([
      'Assistant [Assistant] | assistant:  → Translator({"request":"translate \\"hola\\""})',
      'Assistant [Assistant] | tool Translator: hello',
      'Assistant [Assistant] | assistant: The translation is "hello".',
    ]);
    expect(sys.innerModel.calls[0]!.messages).toEqual([{ role: 'user', content: 'translate "hola"' }]);
    const spec = sys.outerModel.calls[0]!.tools[0]!;
    expect(spec).toEqual({
      name: 'Translator',
      description: 'Translates text.',
      parameters: expect.objectContaining({ required: ['request'] }),
    });
  });

  it('shares session values both ways; its Exit stays inside', async () => {
    const sys = pair([call('note', {}), call('exit', { final_result: 'hello' }, 'c2')]);
    const done = await new Runner({ agent: sys.outer }).query('q', { sessionValues: { user: 'ana' } });
    expect(done.sessionValues).toEqual({ user: 'ana', noted: 'by inner, user ana' });
    expect(summarize(done.events).slice(1)).toEqual([
      'Assistant [Assistant] | tool Translator: hello',
      'Assistant [Assistant] | assistant: The translation is "hello".',
    ]);
  });

  it('emitInternalEvents forwards the inner events under the caller’s RunPath', async () => {
    const sys = pair([{ text: 'hello' }], { emitInternalEvents: true });
    const done = await new Runner({ agent: sys.outer }).query('q');
    expect(summarize(done.events)).toEqual([
      'Assistant [Assistant] | assistant:  → Translator({"request":"translate \\"hola\\""})',
      'Translator [Assistant,Translator] | assistant: hello',
      'Assistant [Assistant] | tool Translator: hello',
      'Assistant [Assistant] | assistant: The translation is "hello".',
    ]);
  });

  it('an inputSchema makes the raw JSON arguments the user text; bad arguments come back as a tool error', async () => {
    const schema = { type: 'object', properties: { text: { type: 'string' }, to: { type: 'string' } }, required: ['text', 'to'] };
    const ok = pair([{ text: 'hello' }], { name: 'translate', inputSchema: schema }, { text: 'hola', to: 'en' });
    await new Runner({ agent: ok.outer }).query('q');
    expect(ok.innerModel.calls[0]!.messages).toEqual([{ role: 'user', content: '{"text":"hola","to":"en"}' }]);
    const bad = pair([], { name: 'translate', inputSchema: schema }, { text: 'hola' });
    const done = await new Runner({ agent: bad.outer }).query('q');
    expect(summarize(done.events)[1]).toBe(
      "Assistant [Assistant] | tool translate: Error: invalid arguments for translate: arguments must have required property 'to' | ERROR TOOL_ARGUMENTS_INVALID",
    );
    expect(bad.innerModel.calls).toHaveLength(0);
  });

  it('a Zod inputSchema: the same spec for the model, its message for bad arguments, an async one refused as a tool error', async () => {
    const schema = z.object({ text: z.string(), to: z.string() });
    const ok = pair([{ text: 'hello' }], { name: 'translate', inputSchema: schema }, { text: 'hola', to: 'en' });
    await new Runner({ agent: ok.outer }).query('q');
    expect(ok.outerModel.calls[0]!.tools[0]!.parameters).toEqual({
      type: 'object',
      properties: { text: { type: 'string' }, to: { type: 'string' } },
      required: ['text', 'to'],
    });
    expect(ok.innerModel.calls[0]!.messages).toEqual([{ role: 'user', content: '{"text":"hola","to":"en"}' }]);
    const bad = pair([], { name: 'translate', inputSchema: schema }, { text: 'hola' });
    const done = await new Runner({ agent: bad.outer }).query('q');
    expect(summarize(done.events)[1]).toMatch(
      /^Assistant \[Assistant\] \| tool translate: Error: invalid arguments for translate: to: Invalid input: expected string, received undefined \| ERROR TOOL_ARGUMENTS_INVALID$/,
    );
    expect(bad.innerModel.calls).toHaveLength(0);
    const slow = pair([], { name: 'translate', inputSchema: schema.refine(async () => true) }, { text: 'hola', to: 'en' });
    const refused = await new Runner({ agent: slow.outer }).query('q');
    expect(summarize(refused.events)[1]).toContain(
      'validates asynchronously; agent tools need one that does not | ERROR TOOL_ARGUMENTS_INVALID',
    );
    expect(slow.innerModel.calls).toHaveLength(0);
  });

  it('an interrupt inside it resumes inside it, from a fresh Runner', async () => {
    const store = new MemoryStore();
    const build = (later: boolean) => {
      const ask = tool({
        name: 'ask',
        description: '',
        parameters: { type: 'object' },
        execute: () => `user said ${interrupt<string>('which dialect?')}`,
      });
      const innerModel = scriptedModel(later ? [{ text: 'hello (US)' }] : [call('ask', {}, 'i1'), { text: 'hello (US)' }], {
        name: 'inner',
      });
      const inner = chatModelAgent({ name: 'Translator', description: 'Translates.', model: innerModel, tools: [ask] });
      const outerModel = scriptedModel(later ? [{ text: 'done' }] : [call('Translator', { request: 'hola' }), { text: 'done' }], {
        name: 'outer',
      });
      return { agent: chatModelAgent({ name: 'Assistant', description: '', model: outerModel, tools: [agentTool(inner)] }), innerModel };
    };
    const paused = await new Runner({ agent: build(false).agent, store }).query('q');
    const id = 'agent:Assistant/tool:Translator:c1/agent:Translator/tool:ask:i1#0';
    expect(paused.interrupts.map((i) => [i.id, i.info])).toEqual([[id, 'which dialect?']]);
    expect(summarize(paused.events).at(-1)).toBe(`Assistant [Assistant] | INTERRUPTED ${id}`);
    const later = build(true);
    const done = await new Runner({ agent: later.agent, store }).resume(paused.checkpointId!, { resume: { [id]: 'US' } });
    expect(summarize(done.events)).toEqual([
      'Assistant [Assistant] | tool Translator: hello (US)',
      'Assistant [Assistant] | assistant: done',
    ]);
    expect(later.innerModel.calls[0]!.messages.at(-1)).toEqual({ role: 'tool', content: 'user said US', toolCallId: 'i1', name: 'ask' });
  });
});
