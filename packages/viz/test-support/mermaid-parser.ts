import { JSDOM } from 'jsdom';

/** What the tests read back from Mermaid's own parser. */
export interface ParsedFlowchart {
  /** Vertex ids. */
  vertices: string[];
  edges: { start: string; end: string; text: string }[];
  subgraphs: { id: string; title: string; nodes: string[] }[];
}

let loaded: Promise<typeof import('mermaid').default> | undefined;

/** The real mermaid package, loaded once into a jsdom window (it needs a DOM even to parse). */
function mermaid(): Promise<typeof import('mermaid').default> {
  loaded ??= (async () => {
    const dom = new JSDOM('<!doctype html><html><body></body></html>');
    Object.assign(globalThis, { window: dom.window, document: dom.window.document });
    return (await import('mermaid')).default;
  })();
  return loaded;
}

/** Parses a flowchart with Mermaid (throws on bad syntax) and returns what it understood. */
export async function parseMermaid(text: string): Promise<ParsedFlowchart> {
  const m = await mermaid();
  await m.parse(text);
  const diagram = (await m.mermaidAPI.getDiagramFromText(text)) as unknown as { db: FlowDb };
  const db = diagram.db;
  return {
    vertices: [...db.getVertices().keys()],
    edges: db.getEdges().map((e) => ({ start: e.start, end: e.end, text: e.text })),
    subgraphs: db.getSubGraphs().map((s) => ({ id: s.id, title: s.title, nodes: [...s.nodes] })),
  };
}

/** Only a syntax check, for text that is meant to fail. */
export async function checkMermaidSyntax(text: string): Promise<void> {
  await (await mermaid()).parse(text);
}

interface FlowDb {
  getVertices(): Map<string, unknown>;
  getEdges(): { start: string; end: string; text: string }[];
  getSubGraphs(): { id: string; title: string; nodes: string[] }[];
}
