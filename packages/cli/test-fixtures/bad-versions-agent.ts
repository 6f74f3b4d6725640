/** An agent module whose `versions` export is not an object: weft refuses it instead of guessing. */
export { agent } from './versioned-agent.ts';
export const versions = 'greeter-2';
