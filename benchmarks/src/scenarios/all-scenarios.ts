import type { Scenario } from '../harness/types.ts';
import { agentLoop } from './agent-loop.ts';
import { chainCheckpoint } from './chain-checkpoint.ts';
import { chain } from './chain.ts';
import { fanOut } from './fan-out.ts';
import { growingHistory } from './growing-history.ts';
import { interruptResume } from './interrupt-resume.ts';
import { parallelAgents } from './parallel-agents.ts';
import { reactLoop } from './react-loop.ts';
import { sequentialAgents } from './sequential-agents.ts';
import { transferChain } from './transfer-chain.ts';

/** Every shape the harness measures, in table order. */
export const ALL_SCENARIOS: readonly Scenario[] = [
  chain,
  chainCheckpoint,
  fanOut,
  agentLoop,
  reactLoop,
  sequentialAgents,
  parallelAgents,
  transferChain,
  interruptResume,
  growingHistory,
];
