/**
 * One cold process (spawned by run-cold-child.ts, one after another): measures
 * a single (shape, framework) cell and writes a ColdChildReport line. With
 * `--prime` it instead imports and builds every selected cell once, so later
 * processes find the files in the OS page cache (and tsx's transform cache
 * for Weft's sources) whatever ran on the machine before.
 *
 *   node cold-child.mjs --shape chain --framework weft --size 50 --first 20 --warmup 3 --weft-from dist
 *   node cold-child.mjs --prime --shapes chain,fan-out --frameworks baseline,weft --weft-from dist
 */
// Must be first: blocks sockets/fetch before any framework code is loaded. (In the
// compiled build, esbuild puts the harness chunks shared with other modules above
// it; they load no framework.)
import { networkAttempts } from '../harness/no-network.ts';
import { EventEmitter } from 'node:events';
import { parseArgs } from 'node:util';
import { loadFramework } from '../harness/lazy.ts';
import { FRAMEWORK_IDS, type FrameworkId, type Scenario } from '../harness/types.ts';
import { weftFrom } from '../harness/weft-from.ts';
import { ALL_SCENARIOS } from '../scenarios/all-scenarios.ts';
import { REPORT_PREFIX, type ColdChildReport } from './cold-child-report.ts';
import { measureColdCell } from './measure-cold-cell.ts';

// As in main.ts: LangGraph's 100-way fan-out hangs 100 abort listeners on one signal.
EventEmitter.defaultMaxListeners = 1000;

const unhandledRejections: string[] = [];
process.on('unhandledRejection', (reason) => unhandledRejections.push(String(reason)));

const { values } = parseArgs({
  options: {
    prime: { type: 'boolean', default: false },
    shape: { type: 'string' },
    shapes: { type: 'string', default: '' },
    framework: { type: 'string' },
    frameworks: { type: 'string', default: '' },
    size: { type: 'string', default: '0' },
    first: { type: 'string', default: '20' },
    warmup: { type: 'string', default: '3' },
    'weft-from': { type: 'string' },
  },
});

function frameworkId(id: string | undefined): FrameworkId {
  const found = FRAMEWORK_IDS.find((f) => f === id);
  if (!found) throw new Error(`cold child: unknown framework "${String(id)}"`);
  return found;
}

function scenario(id: string | undefined): Scenario {
  const found = ALL_SCENARIOS.find((s) => s.id === id);
  if (!found) throw new Error(`cold child: unknown shape "${String(id)}"`);
  return found;
}

/** Imports, builds and runs every selected cell once at its quick size; failures are left to the measured cells. */
async function prime(): Promise<number> {
  let built = 0;
  for (const framework of values.frameworks.split(',').map(frameworkId)) {
    await loadFramework(framework).catch(() => undefined);
    for (const s of values.shapes.split(',').map(scenario)) {
      try {
        await (
          await s.factories[framework](s.size.quick)
        )();
        built++;
      } catch {
        // Not applicable, or failing: its measured cell will say so.
      }
    }
  }
  return built;
}

async function main(): Promise<void> {
  // The parent chose the origin through NODE_OPTIONS; a mismatch would measure the wrong copy of Weft.
  const found = weftFrom();
  if (found !== values['weft-from']) throw new Error(`cold child: Weft resolves to ${found}, expected ${String(values['weft-from'])}`);
  const report: ColdChildReport = { networkAttempts, unhandledRejections };
  if (values.prime) report.primed = await prime();
  else
    report.cell = await measureColdCell(scenario(values.shape), frameworkId(values.framework), Number(values.size), {
      first: Number(values.first),
      warmup: Number(values.warmup),
    });
  console.log(`${REPORT_PREFIX}${JSON.stringify(report)}`);
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : String(err));
  process.exitCode = 1;
});
