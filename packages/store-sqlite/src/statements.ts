import type { Database, Statement } from 'better-sqlite3';
import { ROW_COLUMNS, type CheckpointRow } from './checkpoint-row.ts';

/** A thread's head pointer: the checkpoint its latest put wrote, and how many it has. */
export interface HeadRow {
  seq: number;
  id: string;
  rows: number;
}

/** One line of `threads()`: the head pointer and the thread's latest row (its bytes left out), either possibly missing. */
export interface SummaryRow extends Omit<CheckpointRow, 'bytes' | 'thread_id' | 'seq' | 'id'> {
  head_thread: string | null;
  head_seq: number | null;
  head_id: string | null;
  /** The thread as the primary key's index has it, even when its row is not found. */
  top_thread: string | null;
  thread_id: string | null;
  seq: number | null;
  id: string | null;
}

/** Every statement the store runs on checkpoints, prepared once per connection. */
export interface Statements {
  head: Statement<[threadId: string], HeadRow | undefined>;
  /** The thread's highest seq and its id, by the primary key alone (no bytes read). */
  top: Statement<[threadId: string], { seq: number; id: string } | undefined>;
  insert: Statement<[CheckpointRow], void>;
  advanceHead: Statement<[threadId: string, seq: number, id: string], void>;
  latest: Statement<[threadId: string], CheckpointRow | undefined>;
  byId: Statement<[threadId: string, id: string], CheckpointRow | undefined>;
  /** `byId` without the (thread_id, id) index: walks the thread's rows by seq. */
  byIdWithoutIndex: Statement<[threadId: string, id: string], number | undefined>;
  hasId: Statement<[threadId: string, id: string], number | undefined>;
  list: Statement<[threadId: string, beforeSeq: number, limit: number], CheckpointRow>;
  deleteThread: Statement<[threadId: string], void>;
  deleteHead: Statement<[threadId: string], void>;
  deleteOne: Statement<[threadId: string, id: string], void>;
  countDeleted: Statement<[deleted: number, threadId: string], void>;
  summaries: Statement<[], SummaryRow>;
}

export function prepareStatements(db: Database): Statements {
  const from = `SELECT ${ROW_COLUMNS} FROM checkpoints`;
  return {
    head: db.prepare('SELECT seq, id, rows FROM heads WHERE thread_id = ?'),
    top: db.prepare('SELECT seq, id FROM checkpoints WHERE thread_id = ? ORDER BY seq DESC LIMIT 1'),
    insert: db.prepare(
      `INSERT INTO checkpoints (${ROW_COLUMNS})
       VALUES (@thread_id, @seq, @id, @parent_id, @step, @status, @created_at, @bytes, @bytes_crc, @row_crc)`,
    ),
    advanceHead: db.prepare(
      `INSERT INTO heads (thread_id, seq, id, rows) VALUES (?, ?, ?, 1)
       ON CONFLICT (thread_id) DO UPDATE SET seq = excluded.seq, id = excluded.id, rows = rows + 1`,
    ),
    latest: db.prepare(`${from} WHERE thread_id = ? ORDER BY seq DESC LIMIT 1`),
    byId: db.prepare(`${from} WHERE thread_id = ? AND id = ?`),
    // Through the primary key's index (thread_id, seq), not the (thread_id, id) one whose entry may be what was lost.
    byIdWithoutIndex: db
      .prepare<[string, string], number>(
        'SELECT seq FROM checkpoints INDEXED BY sqlite_autoindex_checkpoints_1 WHERE thread_id = ? AND id = ?',
      )
      .pluck(),
    hasId: db.prepare<[string, string], number>('SELECT 1 FROM checkpoints WHERE thread_id = ? AND id = ?').pluck(),
    list: db.prepare(`${from} WHERE thread_id = ? AND seq < ? ORDER BY seq DESC LIMIT ?`),
    deleteThread: db.prepare('DELETE FROM checkpoints WHERE thread_id = ?'),
    deleteHead: db.prepare('DELETE FROM heads WHERE thread_id = ?'),
    deleteOne: db.prepare('DELETE FROM checkpoints WHERE thread_id = ? AND id = ?'),
    countDeleted: db.prepare('UPDATE heads SET rows = rows - ? WHERE thread_id = ?'),
    // Every head pointer beside every thread's highest row (by the primary key), so a pointer without rows and rows without a pointer both show.
    summaries: db.prepare(
      `SELECT h.thread_id AS head_thread, h.seq AS head_seq, h.id AS head_id, m.thread_id AS top_thread,
              c.thread_id, c.seq, c.id, c.parent_id, c.step, c.status, c.created_at, c.bytes_crc, c.row_crc
       FROM heads h
       FULL JOIN (SELECT thread_id, max(seq) AS seq FROM checkpoints GROUP BY thread_id) m ON m.thread_id = h.thread_id
       LEFT JOIN checkpoints c ON c.thread_id = m.thread_id AND c.seq = m.seq
       ORDER BY c.created_at DESC, c.thread_id ASC`,
    ),
  } as Statements;
}
