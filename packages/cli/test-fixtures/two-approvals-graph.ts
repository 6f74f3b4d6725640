/** Two approvals in one step (legal and finance, side by side): `weft resume` must be told which one a value answers. */
import { END, START, graph as defineGraph, interrupt } from '@weft/graph';

export const graph = defineGraph<string, Record<string, string>>({ name: 'contract' })
  .addNode('legal', (doc: string) => `legal: ${interrupt<string>({ review: doc })}`)
  .addNode('finance', (doc: string) => `finance: ${interrupt<string>({ budget: doc })}`)
  .addNode('sign', (parts: Record<string, string>) => parts, { trigger: 'all' })
  .addEdge(START, 'legal')
  .addEdge(START, 'finance')
  .addEdge('legal', 'sign')
  .addEdge('finance', 'sign')
  .addEdge('sign', END)
  .compile();
