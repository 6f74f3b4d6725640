/**
 * Self time of a .cpuprofile by function and by file, highest first:
 * `tsx src/profile/summarise-profile.ts <file.cpuprofile> [top]`.
 */
import { readFileSync } from 'node:fs';

interface Node {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
}
const [file = '', topArg = '40'] = process.argv.slice(2);
const profile = JSON.parse(readFileSync(file, 'utf8')) as { nodes: Node[]; samples: number[] };
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const fn = new Map<string, number>();
const files = new Map<string, number>();
for (const id of profile.samples) {
  const { functionName, url, lineNumber } = byId.get(id)!.callFrame;
  const short = url.replace(/^.*\/(packages|node_modules)\//, '$1/').replace(/^file:\/\//, '');
  const key = `${functionName || '(anon)'} ${short}:${lineNumber + 1}`;
  fn.set(key, (fn.get(key) ?? 0) + 1);
  files.set(short || functionName, (files.get(short || functionName) ?? 0) + 1);
}
const total = profile.samples.length;
const print = (title: string, m: Map<string, number>) => {
  console.log(`\n${title} (${total} samples)`);
  for (const [k, v] of [...m].sort((a, b) => b[1] - a[1]).slice(0, Number(topArg)))
    console.log(`${((100 * v) / total).toFixed(1).padStart(5)}%  ${k}`);
};
print('self time by function', fn);
print('self time by file', files);
