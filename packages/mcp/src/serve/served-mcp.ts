/** A running server: its URL (HTTP), `close()`, and `closed` (stdio: the client closed stdin, or `close()` was called). */
export interface ServedMcp {
  url: string | undefined;
  close(): Promise<void>;
  closed: Promise<void>;
}
