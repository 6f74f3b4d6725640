/**
 * What the server sends, read back through the SDK's own codecs: the agent
 * card as it is served (1.0) equals the card `serveA2A` built once decoded
 * with `AgentCard.fromJSON`, and the messages of a run decode as the SDK's
 * `StreamResponse` without losing a field.
 */
import { AgentCard, StreamResponse, TaskState } from '@a2a-js/sdk';
import { chatModelAgent, tool, withSubAgents } from '@weft/agents';
import { scriptedModel } from '@weft/models';
import { afterEach, describe, expect, it } from 'vitest';
import { serveA2A, type ServedA2a } from '../index.ts';

const served: ServedA2a[] = [];
afterEach(async () => void (await Promise.all(served.splice(0).map((s) => s.close()))));

const lookup = tool({
  name: 'lookup',
  description: 'Looks an order up',
  parameters: { type: 'object', properties: {} },
  execute: () => 'found',
});

describe('serveA2A() against the SDK types', () => {
  it('serves a card that the SDK decodes to the card it was built from: skills from the whole agent tree, bearer scheme with a token', async () => {
    const billing = chatModelAgent({ name: 'Billing', description: 'Invoices', model: scriptedModel([]), tools: [lookup] });
    const desk = withSubAgents(chatModelAgent({ name: 'Desk', description: 'Front desk', model: scriptedModel([]) }), [billing]);
    const s = await serveA2A(desk, { token: 't0k', card: { version: '2.1.0' } });
    served.push(s);
    const res = await fetch(`${s.url}/.well-known/agent-card.json`, { headers: { 'A2A-Version': '1.0', authorization: 'Bearer t0k' } });
    const wire = (await res.json()) as unknown;
    expect(AgentCard.fromJSON(wire)).toEqual(s.card);
    expect(s.card.skills.map((k) => [k.id, k.description])).toEqual([
      ['agent:Desk', 'Front desk'],
      ['agent:Billing', 'Invoices'],
      ['tool:lookup', 'Looks an order up'],
    ]);
    expect([s.card.version, Object.keys(s.card.securitySchemes), s.card.supportedInterfaces.map((i) => i.protocolVersion)]).toEqual([
      '2.1.0',
      ['bearer'],
      ['1.0', '0.3'],
    ]);
  });

  it('streams JSON-RPC results that decode as the SDK StreamResponse', async () => {
    const s = await serveA2A(chatModelAgent({ name: 'Helper', description: 'Answers', model: scriptedModel([{ text: 'ok' }]) }));
    served.push(s);
    const message = { messageId: 'm1', role: 'ROLE_USER', parts: [{ text: 'Hi' }] };
    const res = await fetch(s.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'A2A-Version': '1.0' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 7, method: 'SendStreamingMessage', params: { message } }),
    });
    const frames = (await res.text())
      .split('\n')
      .filter((l) => l.startsWith('data:'))
      .map((l) => JSON.parse(l.slice(5)) as { id: number; result: unknown });
    const decoded = frames.map((f) => StreamResponse.fromJSON(f.result));
    expect(frames.every((f) => f.id === 7)).toBe(true);
    // Re-encoded, each decodes to itself: nothing the server sent falls outside the SDK's types.
    expect(decoded.map((d) => StreamResponse.fromJSON(StreamResponse.toJSON(d)))).toEqual(decoded);
    expect(decoded.map((d) => d.payload?.$case)).toEqual(['task', 'statusUpdate', 'statusUpdate', 'artifactUpdate', 'statusUpdate']);
    const last = decoded.at(-1)!.payload;
    expect(last?.$case === 'statusUpdate' && last.value.status?.state).toBe(TaskState.TASK_STATE_COMPLETED);
  });
});
