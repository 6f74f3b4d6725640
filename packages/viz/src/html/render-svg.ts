import type { DrawingLevel } from '../model/agent-view.ts';
import type { VizEdge, VizEdgeKind, VizModel, VizNode } from '../model/viz-model.ts';
import { escapeXml } from './escape-xml.ts';
import type { Box, GraphLayout, Point } from './layout-graph.ts';
import { kindText, TOGGLE_ROOM } from './node-size.ts';

const EDGE_KINDS: readonly VizEdgeKind[] = ['edge', 'branch', 'transfer', 'agent-tool'];

/**
 * The laid-out graph as inline SVG markup. Every text comes from the graph and
 * is escaped; kinds go into `data-kind` attributes (styled by attribute
 * selectors), never into class names or styles. No `xmlns`: inline SVG in
 * HTML needs none, and the page then holds no URL at all.
 */
export function renderSvg(model: VizModel, layout: GraphLayout, level: DrawingLevel = 'nodes'): string {
  const w = num(layout.width);
  const h = num(layout.height);
  const label = `Graph ${model.name}: ${model.nodes.length} nodes, ${model.edges.length} edges`;
  return [
    `<svg id="graph" class="graph" viewBox="0 0 ${w} ${h}" data-width="${w}" data-height="${h}" data-level="${level}" role="img" aria-label="${escapeXml(label)}">`,
    `<defs>${EDGE_KINDS.map(marker).join('')}</defs>`,
    `<g class="clusters">`,
    ...model.clusters.map((c) => {
      const box = layout.clusters.get(c.id);
      if (!box) return '';
      return (
        `<g class="cluster" data-id="${escapeXml(c.id)}" data-kind="${escapeXml(c.kind)}">` +
        `${rect(box, 'cluster-box', 10)}<text class="cluster-label" x="${num(box.label.x + 4)}" y="${num(box.label.y + 13)}">${escapeXml(c.label)}</text>` +
        (c.collapseTo === undefined
          ? ''
          : toggle('collapse', c.collapseTo, box.x + box.width - 20, box.y + 4, `Draw ${c.label} as one node`)) +
        `</g>`
      );
    }),
    `</g><g class="edges">`,
    ...model.edges.map((e) => edge(e, layout)),
    `</g><g class="nodes">`,
    ...model.nodes.map((n) => node(n, layout.nodes.get(n.id))),
    // The route a run took is numbered here, over everything else (Weft Studio's page draws it).
    `</g><g class="route-steps"></g></svg>`,
  ].join('\n');
}

function node(n: VizNode, box: Box | undefined): string {
  const at = box ?? { x: 0, y: 0, width: 0, height: 0 };
  const terminal = n.kind === 'start' || n.kind === 'end';
  const attrs = `class="node" data-id="${escapeXml(n.id)}" data-kind="${escapeXml(n.kind)}"${n.join ? ' data-join="true"' : ''}`;
  const cx = num(at.width / 2);
  const parts = [`<g ${attrs} transform="translate(${num(at.x)},${num(at.y)})" tabindex="0">`, `<title>${escapeXml(n.id)}</title>`];
  if (n.join) parts.push(rect({ x: -3, y: -3, width: at.width + 6, height: at.height + 6 }, 'join-ring', 9));
  parts.push(rect({ x: 0, y: 0, width: at.width, height: at.height }, 'node-box', terminal ? at.height / 2 : 6));
  if (n.kind === 'agent') {
    parts.push(
      `<text class="node-label agent-label" x="${num((at.width - TOGGLE_ROOM) / 2 + 4)}" y="${num(at.height / 2 + 5)}">${escapeXml(n.label)}</text>`,
    );
    parts.push(toggle('expand', n.id, at.width - TOGGLE_ROOM, (at.height - 14) / 2, `Show the nodes of ${n.label}`));
  } else if (terminal) {
    parts.push(`<text class="node-label" x="${cx}" y="${num(at.height / 2 + 4)}">${escapeXml(n.label)}</text>`);
  } else {
    parts.push(`<text class="node-label" x="${cx}" y="18">${escapeXml(n.label)}</text>`);
    parts.push(`<text class="node-kind" x="${cx}" y="33">${escapeXml(kindText(n))}</text>`);
  }
  return parts.join('') + '</g>';
}

function edge(e: VizEdge, layout: GraphLayout): string {
  const route = layout.edges.get(e.id);
  const attrs =
    `class="edge" data-id="${escapeXml(e.id)}" data-kind="${e.kind}" data-from="${escapeXml(e.from)}" data-to="${escapeXml(e.to)}"` +
    (e.transfer ? ` data-transfer="${e.transfer}"` : '');
  const d = pathData(route?.points ?? [], route?.curved === true);
  let out = `<g ${attrs}><path class="edge-line" d="${d}" marker-end="url(#arrow-${e.kind})"/>`;
  if (e.label && route?.label) {
    const l = route.label;
    out += rect(l, 'edge-label-bg', 3);
    out += `<text class="edge-label" x="${num(l.x + l.width / 2)}" y="${num(l.y + l.height - 4)}">${escapeXml(e.label)}</text>`;
  }
  return out + '</g>';
}

/**
 * A small + (expand an agent into its nodes) or − (draw it as one node again)
 * button: `data-expand` / `data-collapse` hold the agent's node id.
 */
function toggle(what: 'expand' | 'collapse', id: string, x: number, y: number, title: string): string {
  return (
    `<g class="toggle" data-${what}="${escapeXml(id)}" transform="translate(${num(x)},${num(y)})"><title>${escapeXml(title)}</title>` +
    `<rect class="toggle-box" width="14" height="14" rx="3"/><path class="toggle-sign" d="${what === 'expand' ? 'M3.5,7H10.5M7,3.5V10.5' : 'M3.5,7H10.5'}"/></g>`
  );
}

function marker(kind: VizEdgeKind): string {
  return (
    `<marker id="arrow-${kind}" class="arrow" data-kind="${kind}" viewBox="0 0 10 10" refX="9" refY="5" ` +
    `markerWidth="9" markerHeight="9" markerUnits="userSpaceOnUse" orient="auto-start-reverse"><path d="M0,0L10,5L0,10z"/></marker>`
  );
}

function rect(box: Box, cls: string, radius: number): string {
  return `<rect class="${cls}" x="${num(box.x)}" y="${num(box.y)}" width="${num(box.width)}" height="${num(box.height)}" rx="${num(radius)}"/>`;
}

function pathData(points: readonly Point[], curved: boolean): string {
  if (curved) return points.map((p, i) => `${i === 0 ? 'M' : i % 3 === 1 ? 'C' : ' '}${num(p.x)},${num(p.y)}`).join('');
  return points.map((p, i) => `${i === 0 ? 'M' : 'L'}${num(p.x)},${num(p.y)}`).join('');
}

/** One decimal at most: short markup, and the same text for the same layout. */
function num(n: number): string {
  return String(Math.round(n * 10) / 10);
}
