/**
 * Sanity check for the SVG generator, without a test runner or an XML
 * dependency: renders fixed data twice and requires identical output, a
 * well-formed document, escaped text and the expected axes. Run with
 * `pnpm run check:charts`; exits non-zero on the first failure.
 */
import assert from 'node:assert/strict';
import { lineChart, type LineChartSpec } from './line-chart.ts';

const ENTITY = /^&(#\d+|#x[0-9a-fA-F]+|amp|lt|gt|quot|apos);/;
const TAG = /^<(\/?)([A-Za-z][\w:.-]*)((?:\s+[\w:.-]+="[^"<]*")*)\s*(\/?)>/;

/** Throws unless `xml` is one well-formed element tree (tags nest, attributes quoted, every `&` an entity). */
function assertWellFormed(xml: string): void {
  const stack: string[] = [];
  let roots = 0;
  for (let i = 0; i < xml.length;) {
    const rest = xml.slice(i);
    if (rest.startsWith('<')) {
      const m = TAG.exec(rest);
      if (!m) throw new Error(`malformed tag at ${i}: ${rest.slice(0, 60)}`);
      const [whole, closing, name = '', attrs = '', selfClosing] = m;
      for (const a of attrs.matchAll(/="([^"]*)"/g))
        if (/&(?!#\d+;|#x[0-9a-fA-F]+;|amp;|lt;|gt;|quot;|apos;)/.test(a[1] ?? '')) throw new Error(`bare & in attribute at ${i}`);
      if (closing) {
        if (stack.pop() !== name) throw new Error(`</${name}> closes the wrong element at ${i}`);
      } else if (!selfClosing) {
        if (stack.length === 0) roots++;
        stack.push(name);
      } else if (stack.length === 0) roots++;
      i += whole.length;
    } else if (rest.startsWith('&')) {
      const m = ENTITY.exec(rest);
      if (!m) throw new Error(`bare & at ${i}`);
      i += m[0].length;
    } else {
      if (stack.length === 0 && rest[0]?.trim()) throw new Error(`text outside the root element at ${i}`);
      i++;
    }
  }
  if (stack.length) throw new Error(`unclosed <${stack.join('> <')}>`);
  if (roots !== 1) throw new Error(`${roots} root elements`);
}

const spec: LineChartSpec = {
  title: 'Per-step cost <vs> graph size & "quotes"',
  subtitle: "it's a test",
  xTitle: 'nodes (N)',
  yTitle: 'µs per step',
  series: [
    { label: 'a<b>', color: '#d62728', marker: 'triangle', points: [10, 100, 1000].map((x) => ({ x, y: 5 * x, lo: 4 * x, hi: 6 * x })) },
    { label: 'flat & cheap', color: '#2ca02c', marker: 'circle', dashed: true, points: [10, 100, 1000].map((x) => ({ x, y: 2.5 })) },
  ],
  caption: ['Not applicable: x (n/a: <no graph API>). '.repeat(6)],
};

const a = lineChart(spec);
const b = lineChart(structuredClone(spec));
assert.equal(a, b, 'the same data must render to the same bytes');
assertWellFormed(a.replace(/^\s+|\s+$/g, ''));
assert.ok(a.includes('Per-step cost &#60;vs&#62; graph size &#38; &#34;quotes&#34;'), 'title is escaped');
assert.ok(!a.includes('a<b>'), 'labels are escaped');
for (const label of ['>10<', '>100<', '>1k<']) assert.ok(a.includes(label), `log tick ${label}`);
assert.ok(a.includes('(log scale)'), 'log axes are labelled as such');
assert.equal(a.match(/<polyline /g)?.length, 2, 'one polyline per series');
assertWellFormed(lineChart({ ...spec, series: [] }).trim());
assert.throws(() => assertWellFormed('<svg><g></svg>'), /wrong element/);
assert.throws(() => assertWellFormed('<svg>a & b</svg>'), /bare &/);
console.log(`line chart ok: ${a.length} bytes, deterministic, well-formed, escaped`);
