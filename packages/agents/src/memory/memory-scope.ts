/** Where the tools read and write: a fixed namespace, or one made from the run's session values (`['users', session.userId]`). */
export type MemoryNamespace = readonly string[] | ((session: Readonly<Record<string, unknown>>) => readonly string[]);

/**
 * Whose memories a recall sees. `thread`: the thread's own namespace, and
 * only the writes of the branch being run; a write belongs to a branch when
 * the checkpoint it led to is in that branch's history (its id is kept in
 * the run's state, so a fork from an earlier checkpoint, or a step that
 * crashed before its checkpoint, does not have it).
 */
export type MemoryScope = 'shared' | 'thread';
