import type { LoopAgent } from './loop-agent.ts';
import type { ParallelAgent } from './parallel-agent.ts';
import type { SequentialAgent } from './sequential-agent.ts';

/** The workflow agents this package makes: sequential, parallel and loop. */
export type WorkflowAgent<O = unknown> = SequentialAgent<O> | ParallelAgent<O> | LoopAgent<O>;
