import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { irHash } from '../compiler/ir-hash.ts';
import type { GraphJSON, GraphNodeJSON } from '../compiler/graph-json.ts';
import { diffGraphs } from './diff-graphs.ts';
import { formatGraphDiff } from './format-graph-diff.ts';
import type { GraphDiff } from './graph-diff.ts';

/**
 * The support example's agent system as @weft/agents compiles it
 * (`new Runner({ agent: supportAgent(scriptedSupportModels()) }).graph.toJSON()`,
 * docs/examples/support): a coordinator, billing, tech with database and
 * network, and account.
 */
const support: GraphJSON = JSON.parse(readFileSync(new URL('./test-support/support-graph.json', import.meta.url), 'utf8'));

function copy(): GraphJSON {
  return structuredClone(support);
}

function node(json: GraphJSON, id: string): GraphNodeJSON {
  const found = json.nodes.find((n) => n.id === id);
  if (!found) throw new Error(`no node ${id} in the support graph`);
  return found;
}

/** What @weft/agents would compile with the agent `from` named `to`: ids, edges, annotations, addresses, hash. */
function renameAgent(json: GraphJSON, from: string, to: string): GraphJSON {
  const id = (x: string) => (x === from ? to : x === `${from}:tools` ? `${to}:tools` : x);
  const name = (x: unknown) => (x === from ? to : x);
  const nodes = json.nodes.map((n) => {
    const a = n.annotations && { ...n.annotations };
    if (a) {
      a['agent'] = name(a['agent']);
      for (const key of ['agentPath', 'transferTargets']) if (Array.isArray(a[key])) a[key] = a[key].map(name);
      if (Array.isArray(a['tools'])) {
        a['tools'] = a['tools'].map((t: unknown) =>
          typeof t === 'object' && t !== null && 'description' in t
            ? { ...t, description: String(t.description).replace(`- ${from}:`, `- ${to}:`) }
            : t,
        );
      }
    }
    const address = n.address?.replace(`agent:${from}`, `agent:${to}`);
    return { ...n, id: id(n.id), ...(a && { annotations: a }), ...(address !== undefined && { address }) };
  });
  const edges = json.edges.map((e) => ({ ...e, from: id(e.from), to: id(e.to) }));
  const { hash: _old, ...rest } = { ...json, nodes, edges };
  return { ...rest, hash: irHash(rest) };
}

function noChanges(before: GraphJSON, after: GraphJSON, status: GraphDiff['status']): GraphDiff {
  return {
    status,
    hash: { before: before.hash, after: after.hash },
    nodes: { added: [], removed: [], changed: [], renames: [] },
    edges: { added: [], removed: [] },
    schemas: [],
    agents: { added: [], removed: [], changed: [] },
  };
}

describe('diffGraphs on an agent system', () => {
  test('the same system twice is identical', () => {
    expect(diffGraphs(support, copy())).toEqual(noChanges(support, support, 'identical'));
  });

  test('a prompt and a model change keep the structure and show under agents only', () => {
    const next = copy();
    const billing = node(next, 'Billing').annotations!;
    const instruction = node(support, 'Billing').annotations!['instruction'] as string;
    billing['instruction'] = 'You handle billing. Refunds above $100 go to a person.';
    billing['model'] = 'scripted:Billing-large';
    const diff = diffGraphs(support, next);
    expect(diff).toEqual({
      ...noChanges(support, next, 'same-structure'),
      agents: {
        added: [],
        removed: [],
        changed: [
          {
            name: 'Billing',
            node: 'Billing',
            changes: [
              { field: 'instruction', before: instruction, after: 'You handle billing. Refunds above $100 go to a person.' },
              { field: 'model', before: 'scripted:Billing', after: 'scripted:Billing-large' },
            ],
          },
        ],
      },
    } satisfies GraphDiff);
    expect(formatGraphDiff(diff)).toEqual([
      `same-structure: hash ${support.hash} (annotations or schemas changed)`,
      '~ agent Billing: instruction changed',
      '~ agent Billing: model scripted:Billing -> scripted:Billing-large',
    ]);
  });

  test("tools added, removed and redefined are read from the agent's annotations and its tools node", () => {
    const next = copy();
    const refundV2 = { name: 'refund_v2', description: 'Refunds through the new ledger.', parameters: { type: 'object' } };
    node(next, 'Billing').annotations!['tools'] = ['lookup_invoice', 'refund', 'refund_v2', 'transfer_to_agent'];
    const tools = node(next, 'Billing:tools').annotations!['tools'] as Array<Record<string, unknown>>;
    tools.splice(2, 0, refundV2);
    // Narrowed: a refund now needs an amount of at most 500.
    const refund = tools.find((t) => t['name'] === 'refund')!;
    const parameters = refund['parameters'] as { properties: Record<string, Record<string, unknown>> };
    parameters.properties['amount'] = { ...parameters.properties['amount'], maximum: 500 };
    node(next, 'Network').annotations!['tools'] = ['transfer_to_agent'];
    node(next, 'Network').annotations!['transferTargets'] = ['Tech', 'Database'];
    const diff = diffGraphs(support, next);
    expect(diff).toEqual({
      ...noChanges(support, next, 'same-structure'),
      agents: {
        added: [],
        removed: [],
        changed: [
          {
            name: 'Billing',
            node: 'Billing',
            changes: [
              { field: 'tool', change: 'added', tool: 'refund_v2' },
              { field: 'tool', change: 'changed', tool: 'refund', parts: ['parameters'] },
            ],
          },
          {
            name: 'Network',
            node: 'Network',
            changes: [
              { field: 'tool', change: 'removed', tool: 'ping' },
              { field: 'transfer-target', change: 'added', agent: 'Database' },
            ],
          },
        ],
      },
    } satisfies GraphDiff);
    expect(formatGraphDiff(diff).slice(1)).toEqual([
      '~ agent Billing: tool refund_v2 added',
      '~ agent Billing: tool refund parameters changed',
      '~ agent Network: tool ping removed',
      '~ agent Network: transfer target Database added',
    ]);
  });

  test('a renamed agent: its model node and tools node are probable renames that confirm each other', () => {
    const next = renameAgent(support, 'Account', 'Identity');
    const evidence = ['same-kind-and-trigger', 'same-neighbours', 'same-agent'] as const;
    const diff = diffGraphs(support, next);
    expect(diff).toEqual({
      ...noChanges(support, next, 'structural'),
      nodes: {
        added: [
          { id: 'Identity', kind: 'chat-model', trigger: 'any' },
          { id: 'Identity:tools', kind: 'tools', trigger: 'any' },
        ],
        removed: [
          { id: 'Account', kind: 'chat-model', trigger: 'any' },
          { id: 'Account:tools', kind: 'tools', trigger: 'any' },
        ],
        changed: [],
        renames: [
          { certainty: 'probable', from: 'Account', to: 'Identity', evidence: [...evidence] },
          { certainty: 'probable', from: 'Account:tools', to: 'Identity:tools', evidence: [...evidence] },
        ],
      },
      edges: {
        added: [
          { from: 'Coordinator:tools', to: 'Identity', kind: 'branch' },
          { from: 'Identity', to: 'Identity:tools', kind: 'branch' },
          { from: 'Identity', to: '__end__', kind: 'branch' },
          { from: 'Identity:tools', to: 'Identity', kind: 'branch' },
          { from: 'Identity:tools', to: '__end__', kind: 'branch' },
          { from: 'Identity:tools', to: 'Coordinator', kind: 'branch' },
        ],
        removed: [
          { from: 'Coordinator:tools', to: 'Account', kind: 'branch' },
          { from: 'Account', to: 'Account:tools', kind: 'branch' },
          { from: 'Account', to: '__end__', kind: 'branch' },
          { from: 'Account:tools', to: 'Account', kind: 'branch' },
          { from: 'Account:tools', to: '__end__', kind: 'branch' },
          { from: 'Account:tools', to: 'Coordinator', kind: 'branch' },
        ],
      },
      agents: {
        added: [{ name: 'Identity', node: 'Identity', path: ['Coordinator', 'Identity'], model: 'scripted:Account' }],
        removed: [{ name: 'Account', node: 'Account', path: ['Coordinator', 'Account'], model: 'scripted:Account' }],
        changed: [
          {
            name: 'Coordinator',
            node: 'Coordinator',
            changes: [
              { field: 'tool', change: 'changed', tool: 'transfer_to_agent', parts: ['description'] },
              { field: 'transfer-target', change: 'removed', agent: 'Account' },
              { field: 'transfer-target', change: 'added', agent: 'Identity' },
            ],
          },
        ],
      },
    } satisfies GraphDiff);
    expect(formatGraphDiff(diff).filter((l) => /^[?~+-] (renamed|agent)/.test(l))).toEqual([
      '? renamed: Account -> Identity (same kind and trigger, same neighbours, same agent but its name)',
      '? renamed: Account:tools -> Identity:tools (same kind and trigger, same neighbours, same agent but its name)',
      '+ agent Identity (node Identity, model scripted:Account)',
      '- agent Account (node Account)',
      '~ agent Coordinator: tool transfer_to_agent description changed',
      '~ agent Coordinator: transfer target Account removed',
      '~ agent Coordinator: transfer target Identity added',
    ]);
  });
});
