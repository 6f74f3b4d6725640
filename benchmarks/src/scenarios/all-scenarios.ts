import type { Scenario } from '../harness/types.ts';
import { agentLoop } from './agent-loop.ts';
import { chainCheckpoint } from './chain-checkpoint.ts';
import { chainState } from './chain-state.ts';
import { chain } from './chain.ts';
import { fanOut } from './fan-out.ts';
import { growingHistory } from './growing-history.ts';
import { interruptResumeState } from './interrupt-resume-state.ts';
import { interruptResume } from './interrupt-resume.ts';
import { parallelAgents } from './parallel-agents.ts';
import { reactLoop } from './react-loop.ts';
import { sequentialAgents } from './sequential-agents.ts';
import { sequentialHistory } from './sequential-history.ts';
import { transferChain } from './transfer-chain.ts';

/** Every shape the harness measures, in table order. */
export const ALL_SCENARIOS: readonly Scenario[] = [
  chain,
  chainCheckpoint,
  chainState,
  fanOut,
  agentLoop,
  reactLoop,
  sequentialAgents,
  sequentialHistory,
  parallelAgents,
  transferChain,
  interruptResume,
  interruptResumeState,
  growingHistory,
];
