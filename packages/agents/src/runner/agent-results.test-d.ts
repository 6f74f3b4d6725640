import type { InterruptRecord, WeftError } from '@weft/graph';
import type { ContentPart, Message } from '@weft/chat-model';
import { scriptedModel } from '@weft/models';
import { describe, expectTypeOf, it } from 'vitest';
import { z } from 'zod';
import { chatModelAgent, parallel, Runner, sequential, withSubAgents, type AgentEvent } from '../index.ts';

const model = scriptedModel([{ text: '' }]);
const Forecast = z.object({ city: z.string(), celsius: z.number() });
const typed = chatModelAgent({ name: 'T', description: '', model, outputSchema: Forecast });
const plain = chatModelAgent({ name: 'P', description: '', model });

describe('agent results are typed from the agents', () => {
  it('finalOutput: the outputSchema type, the text without one, the union for workflows and transfers', async () => {
    const r = await new Runner({ agent: typed }).query('q');
    if (r.status === 'done') {
      expectTypeOf(r.finalOutput).toEqualTypeOf<{ city: string; celsius: number }>();
      expectTypeOf(r.finalMessage).toEqualTypeOf<Message>();
    }
    const p = await new Runner({ agent: plain }).query('q');
    if (p.status === 'done') expectTypeOf(p.finalOutput).toEqualTypeOf<string>();
    const s = await new Runner({ agent: sequential({ name: 'S', description: '', subAgents: [plain, typed] }) }).query('q');
    if (s.status === 'done') expectTypeOf(s.finalOutput).toEqualTypeOf<string | { city: string; celsius: number }>();
    const par = parallel({ name: 'X', description: '', subAgents: [typed] });
    expectTypeOf((await new Runner({ agent: par }).query('q')).finalOutput).toEqualTypeOf<{ city: string; celsius: number } | undefined>();
    const t = withSubAgents(chatModelAgent({ name: 'R', description: '', model }), [typed]);
    const tr = await new Runner({ agent: t }).query('q');
    if (tr.status === 'done') expectTypeOf(tr.finalOutput).toEqualTypeOf<string | { city: string; celsius: number }>();
  });

  it('a JSON Schema written inline types the output too', async () => {
    const agent = chatModelAgent({
      name: 'J',
      description: '',
      model,
      outputSchema: { type: 'object', properties: { ok: { type: 'boolean' } }, required: ['ok'] },
    });
    const r = await new Runner({ agent }).query('q');
    if (r.status === 'done') expectTypeOf(r.finalOutput).toEqualTypeOf<{ ok: boolean }>();
  });

  it('results narrow by status', async () => {
    const r = await new Runner({ agent: plain }).query('q');
    if (r.status === 'interrupted') {
      expectTypeOf(r.interrupts).toEqualTypeOf<[InterruptRecord, ...InterruptRecord[]]>();
      expectTypeOf(r.interrupts[0]).toEqualTypeOf<InterruptRecord>();
      expectTypeOf(r.finalOutput).toEqualTypeOf<undefined>();
    }
    if (r.status === 'error') expectTypeOf(r.error).toEqualTypeOf<WeftError<string>>();
    // @ts-expect-error: finalOutput may be absent until the status says done
    const text: string = r.finalOutput;
    void text;
  });

  it('events narrow by type, each with exactly its fields', () => {
    const e = {} as AgentEvent;
    if (e.type === 'message') expectTypeOf(e.output.message).toEqualTypeOf<Message>();
    if (e.type === 'transfer') expectTypeOf(e.action.transferToAgent.destAgentName).toEqualTypeOf<string>();
    if (e.type === 'interrupt') expectTypeOf(e.action.interrupted.interrupts).toEqualTypeOf<InterruptRecord[]>();
    if (e.type === 'error') expectTypeOf(e.error.code).toEqualTypeOf<string>();
    if (e.type === 'chunk') {
      // @ts-expect-error: a chunk event has no whole message
      void e.output.message.content;
    }
    // Without narrowing, the Eino-style optional reads still compile.
    expectTypeOf(e.output?.message?.content).toEqualTypeOf<string | ContentPart[] | undefined>();
  });
});
