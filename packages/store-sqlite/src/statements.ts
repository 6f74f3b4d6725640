import type { Database, Statement } from 'better-sqlite3';
import { ROW_COLUMNS, type CheckpointRow } from './checkpoint-row.ts';

type SummaryRow = Omit<CheckpointRow, 'bytes' | 'parent_id'>;

/** Every statement the store runs, prepared once per connection. */
export interface Statements {
  maxSeq: Statement<[threadId: string], number | null>;
  hasId: Statement<[threadId: string, id: string], number | undefined>;
  insert: Statement<[Record<string, unknown>], void>;
  latest: Statement<[threadId: string], CheckpointRow | undefined>;
  byId: Statement<[threadId: string, id: string], CheckpointRow | undefined>;
  list: Statement<[threadId: string, beforeSeq: number, limit: number], CheckpointRow>;
  deleteThread: Statement<[threadId: string], void>;
  headId: Statement<[threadId: string], string | undefined>;
  deleteOne: Statement<[threadId: string, id: string], void>;
  heads: Statement<[], SummaryRow>;
}

export function prepareStatements(db: Database): Statements {
  const from = `SELECT ${ROW_COLUMNS} FROM checkpoints`;
  return {
    maxSeq: db.prepare<[string], number | null>('SELECT max(seq) FROM checkpoints WHERE thread_id = ?').pluck(),
    hasId: db.prepare<[string, string], number>('SELECT 1 FROM checkpoints WHERE thread_id = ? AND id = ?').pluck(),
    insert: db.prepare(
      `INSERT INTO checkpoints (${ROW_COLUMNS})
       VALUES (@thread_id, @seq, @id, @parent_id, @step, @status, @created_at, @bytes)`,
    ),
    latest: db.prepare(`${from} WHERE thread_id = ? ORDER BY seq DESC LIMIT 1`),
    byId: db.prepare(`${from} WHERE thread_id = ? AND id = ?`),
    list: db.prepare(`${from} WHERE thread_id = ? AND seq < ? ORDER BY seq DESC LIMIT ?`),
    deleteThread: db.prepare('DELETE FROM checkpoints WHERE thread_id = ?'),
    headId: db.prepare<[string], string>('SELECT id FROM checkpoints WHERE thread_id = ? ORDER BY seq DESC LIMIT 1').pluck(),
    deleteOne: db.prepare('DELETE FROM checkpoints WHERE thread_id = ? AND id = ?'),
    // The head of each thread is its row with the highest seq (the primary key makes this an index walk).
    heads: db.prepare(
      `SELECT c.thread_id, c.seq, c.id, c.step, c.status, c.created_at
       FROM checkpoints c
       JOIN (SELECT thread_id, max(seq) AS seq FROM checkpoints GROUP BY thread_id) h
         ON c.thread_id = h.thread_id AND c.seq = h.seq
       ORDER BY c.created_at DESC, c.thread_id ASC`,
    ),
  } as Statements;
}
