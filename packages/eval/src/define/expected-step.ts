/**
 * How an expected argument is matched: a value (deep equality at that key), a
 * RegExp (against the text of a string, or the JSON of anything else), or a
 * predicate.
 */
export type ArgMatcher = unknown;

/** An expected tool call: the tool's name, optionally the agent that calls it and part of its arguments. */
export interface ExpectedToolCall {
  tool: string;
  agent?: string;
  /** Each key given is matched against the call's argument of that key (see `ArgMatcher`); other arguments are free. */
  args?: Record<string, ArgMatcher>;
}

/** An expected transfer: to an agent, optionally from a given one. */
export interface ExpectedTransfer {
  transfer: string;
  from?: string;
}

/** One step of an expected trajectory: a tool call or a transfer. */
export type ExpectedStep = ExpectedToolCall | ExpectedTransfer;
