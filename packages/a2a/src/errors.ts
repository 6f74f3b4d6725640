import { WeftError } from '@weft/graph';

/** Codes of the errors @weft/a2a raises; check `err.code`. */
export type A2aErrorCode =
  /** A bad option (a port that is not a number, a token with spaces, a target that is neither an agent nor a graph). */
  | 'INVALID_ARGUMENT'
  /**
   * `serveA2A()` on an address other machines may reach (anything but 127.0.0.0/8, ::1 and `localhost`)
   * without a `token`: anyone who reached it could run the target. Pass a token, or listen on loopback.
   */
  | 'TOKEN_REQUIRED'
  /** `a2aAgent()` could not fetch the remote agent's card or make a client for it (a wrong URL, a server that is down, a bad token). */
  | 'A2A_CONNECT_FAILED'
  /** The remote A2A agent ended its task as failed, rejected or canceled: the run stops with its reason. */
  | 'A2A_REMOTE_FAILED'
  /**
   * The connection to the remote A2A agent was lost before its task stopped, and picking the task up again by its
   * id failed (or the task had no id yet): the run stops; a resume asks the remote again.
   */
  | 'A2A_CONNECTION_LOST'
  /**
   * `databaseTaskStore()` was given a SQLite path or a PostgreSQL URL, and its driver (`better-sqlite3` or `pg`, optional
   * peer dependencies) is not installed or does not load: install it beside @weft/a2a, or pass an open Database or Pool.
   */
  | 'TASK_STORE_UNAVAILABLE'
  /**
   * `databaseTaskStore()` could not open its database or create the task table in it (a path that cannot be written, a
   * server that is down, a database the user may not change): the message names the table and the cause; nothing it
   * opened is left open.
   */
  | 'TASK_STORE_FAILED';

/** An error of the A2A layer. */
export class A2aError extends WeftError<A2aErrorCode> {
  override readonly name: string = 'A2aError';
}
