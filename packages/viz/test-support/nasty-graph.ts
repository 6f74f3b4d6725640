import type { GraphJSON } from '@weft/graph';

/** Names that break naive escaping: quotes, brackets, markup, entities, pipes, backslashes, newlines, keywords. */
export const NASTY_NAMES = [
  'say "hi" [now] {x} (y)',
  '<script>alert(1)<img src=x onerror=alert(2)>',
  'a #35; b # c & d; e',
  'pipe | and `tick` and %% not a comment',
  'line one\nline two\r\nline three',
  'back\\slash \\n \\" end',
  'end',
  'subgraph',
  'click',
  'a-b',
  'a_b',
] as const;

/** A GraphJSON (as a hand-written or foreign tool might produce) whose every name is nasty. */
export function nastyGraph(): GraphJSON {
  const names: string[] = [...NASTY_NAMES];
  const agent = 'Agent "<b>#1</b>"\n[x]';
  return {
    name: 'nasty "graph" <i>#1</i>\nsecond line',
    hash: '0000',
    nodes: [
      { id: '__start__', kind: 'start', trigger: 'any' },
      ...names.map((id, i) => ({
        id,
        kind: i === 1 ? 'chat-model' : 'lambda',
        trigger: i === 2 ? ('all' as const) : ('any' as const),
        ...(i < 2 ? { annotations: { agent, agentPath: [agent] } } : {}),
      })),
      { id: '__end__', kind: 'end', trigger: 'any' },
    ],
    edges: [
      { from: '__start__', to: names[0]!, kind: 'edge' },
      ...names.slice(1).map((to, i) => ({ from: names[i]!, to, kind: 'branch' as const })),
      { from: names[names.length - 1]!, to: '__end__', kind: 'branch' },
      { from: names[3]!, to: names[0]!, kind: 'branch' },
    ],
  };
}
