/**
 * A release pipeline as a plain graph, for the `weft` command: build, wait for
 * a person to approve (an interrupt), then deploy.
 *
 *   weft run docs/examples/deploy/deploy.ts --input '{"version":"1.4.0"}' --thread r1
 *   weft resume r1 --value '"ship it"'
 */
import { END, START, graph as defineGraph, interrupt } from '@weft/graph';

interface Release {
  version: string;
  artifact?: string;
}

export const graph = defineGraph<Release, string, { log: string[] }>({ name: 'release', state: () => ({ log: [] }) })
  .addNode('build', (r: Release, ctx) => {
    ctx.update((s) => void s.log.push(`built ${r.version}`));
    return { ...r, artifact: `app-${r.version}.tgz` };
  })
  .addNode('approve', (r: Release) => {
    const note = interrupt<string>({ question: `Deploy ${r.artifact}?` });
    return { ...r, note };
  })
  .addNode('deploy', (r: Release & { note: string }) => `deployed ${r.artifact} (${r.note})`)
  .addEdge(START, 'build')
  .addEdge('build', 'approve')
  .addEdge('approve', 'deploy')
  .addEdge('deploy', END)
  .compile();
