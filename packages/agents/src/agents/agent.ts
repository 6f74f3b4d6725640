import type { ChatModelAgent } from './chat-model-agent.ts';
import type { WorkflowAgent } from './workflow-agents.ts';

/** Any agent a Runner can run. */
export type Agent = ChatModelAgent<unknown> | WorkflowAgent<unknown>;
