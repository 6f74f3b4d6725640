/** versioned-agent.ts's agent without a `versions` export: its threads carry no version label. */
export { agent } from './versioned-agent.ts';
