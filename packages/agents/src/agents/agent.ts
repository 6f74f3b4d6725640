import type { ChatModelAgent } from './chat-model-agent.ts';

/** Any agent a Runner can run. Workflow agents and sub-agent trees extend this union. */
export type Agent = ChatModelAgent;
