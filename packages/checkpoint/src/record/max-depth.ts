/**
 * How deep lists and maps may nest in a checkpoint body, counted from the
 * record: the record is level 1, `state` level 2, a snapshot's root level 3
 * (a patch value sits at level 5, a subgraph's record 3 levels below its
 * task). The writer refuses deeper values (which also stops a reference cycle
 * long before the stack does) and the decoder refuses deeper bytes, so
 * anything written can be read back and no decode recurses without bound
 * (msgpackr recurses once per level: 100,000 nested arrays overflow the stack).
 */
export const MAX_DEPTH = 1024;
