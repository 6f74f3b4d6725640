/** One running A2A server: its base URL and how to stop it. */
export interface Served {
  url: string;
  close(): Promise<void>;
}

/**
 * Where a row's servers run: `serve()` starts one more (a fresh port, so a
 * fresh client's first request opens a new connection: Node's fetch keeps
 * connections to an address it has used open), `close()` stops them all.
 */
export interface ServerHost {
  serve(): Promise<string>;
  close(): Promise<void>;
}

/** A host whose servers run in this process, each started by `start`. */
export function inProcessHost(start: () => Promise<Served>): ServerHost {
  const running: Served[] = [];
  return {
    async serve() {
      const s = await start();
      running.push(s);
      return s.url;
    },
    async close() {
      await Promise.all(running.splice(0).map((s) => s.close()));
    },
  };
}
