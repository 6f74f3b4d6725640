/** The entry of every graph: `addEdge(START, 'first')` delivers the run's input. */
export const START = '__start__' as const;
/** The exit of every graph: the run ends when END receives a value, which becomes the output. */
export const END = '__end__' as const;

export type Start = typeof START;
export type End = typeof END;
