/**
 * Runs one shape's factory for one framework in a loop, long enough for a
 * CPU profile to say where a step's time goes:
 * `node --cpu-prof --conditions=@weft/source --import tsx src/profile/profile-shape.ts <shape> [framework] [runs]`.
 */
import { ALL_SCENARIOS } from '../scenarios/all-scenarios.ts';
import type { FrameworkId } from '../harness/types.ts';

const [shapeId = 'sequential-agents', framework = 'weft-ckpt', runsArg = '20000'] = process.argv.slice(2);
const scenario = ALL_SCENARIOS.find((s) => s.id === shapeId);
if (!scenario) throw new Error(`no shape ${shapeId}`);
const run = await scenario.factories[framework as FrameworkId](scenario.size.full);
const runs = Number(runsArg);
const started = process.hrtime.bigint();
const cpu = process.cpuUsage();
for (let i = 0; i < runs; i++) {
  await run();
  if (i % 100 === 99) await run.reset?.();
}
const us = Number(process.hrtime.bigint() - started) / 1000;
const used = process.cpuUsage(cpu);
const perStep = (total: number): string => (total / runs / scenario.steps(scenario.size.full)).toFixed(2);
// CPU time as well as wall time: on a shared machine the wall clock also counts other processes' turns.
console.log(`${shapeId} ${framework}: ${perStep(us)} µs/step wall, ${perStep(used.user + used.system)} µs/step CPU, over ${runs} runs`);
