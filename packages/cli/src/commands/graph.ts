import { resolve } from 'node:path';
import type { Agent } from '@weft/agents';
import type { CompiledGraph, GraphJSON } from '@weft/graph';
import type { Command } from '../command.ts';
import { usageError } from '../errors.ts';
import { loadModule } from '../load-module.ts';
import { loadViz, type Viz } from '../load-viz.ts';
import { parseCommandArgs } from '../parse-command-args.ts';
import { storedVersion } from '../stored-version.ts';
import { writeOutput } from '../write-output.ts';

const USAGE = `usage: weft graph <module> [options]

Draws the agent or graph a module exports (an agent is drawn as the graph
its Runner compiles: one cluster per agent).

options:
  --format <format>   mermaid (default) | dot | json (the drawing model) | html (a self-contained page)
  -o, --output <file> write to this file instead of stdout
  --export <name>     the export to draw (default: agent, graph, default)
  --hash <hash>       draw the version of the module's graph with this structure hash (or a prefix of it, as
                      weft threads shows it) as the store kept it, instead of the module's own
  --store <spec>      with --hash: sqlite:<file> | postgres:<url> (default: $WEFT_STORE, else sqlite:.weft/weft.db)`;

const FORMATS = ['mermaid', 'dot', 'json', 'html'] as const;
type Format = (typeof FORMATS)[number];

const OPTIONS = {
  format: { type: 'string' },
  output: { type: 'string', short: 'o' },
  export: { type: 'string' },
  hash: { type: 'string' },
  store: { type: 'string' },
} as const;

/** `weft graph <module>`: a diagram of the module's agent or graph. */
export const graphCommand: Command = {
  name: 'graph',
  usage: USAGE,
  async execute(args, io) {
    const { values, positionals } = parseCommandArgs('graph', args, OPTIONS, { names: ['module'], required: 1 }, io);
    const format = (values.format ?? 'mermaid') as Format;
    if (values.store !== undefined && values.hash === undefined)
      throw usageError('graph: --store is read only with --hash', 'weft graph <module> --hash <hash> --store <spec>');
    if (!FORMATS.includes(format))
      throw usageError(`graph: unknown --format ${JSON.stringify(values.format)}`, `use one of ${FORMATS.join(', ')}`);
    // Loaded before the module: once a TypeScript module has registered tsx, every later import goes through
    // its loader thread (measured: @weft/viz and @weft/agents 470 ms → 400 ms for the support example).
    const [viz] = await Promise.all([loadViz(), import('@weft/agents')]);
    const loaded = await loadModule(resolve(io.cwd, positionals[0]!), values.export);
    const own = loaded.kind === 'graph' ? loaded.graph : await agentGraph(loaded.agent);
    const graph = values.hash === undefined ? own : await storedVersion(own.name, values.hash, values.store, io);
    const text = await draw(viz, graph, format);
    writeOutput(io, values.output, text, `${format} of ${loaded.kind} ${loaded.kind === 'agent' ? loaded.agent.name : loaded.graph.name}`);
    return 0;
  },
};

async function agentGraph(agent: Agent): Promise<CompiledGraph> {
  const { Runner } = await import('@weft/agents');
  return new Runner({ agent }).graph as CompiledGraph;
}

async function draw(viz: Viz, graph: CompiledGraph | GraphJSON, format: Format): Promise<string> {
  switch (format) {
    case 'mermaid':
      return viz.toMermaid(graph);
    case 'dot':
      return viz.toDot(graph);
    case 'json':
      return JSON.stringify(viz.toJSON(graph), null, 2) + '\n';
    case 'html':
      return viz.renderHtml(graph);
  }
}
