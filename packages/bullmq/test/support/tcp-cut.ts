import { createServer, connect, type Server, type Socket } from 'node:net';

/**
 * A TCP relay in front of a server (PostgreSQL here) that a test can cut:
 * `cut()` drops every connection through it and refuses new ones, as a
 * database that fails over does; `restore()` accepts again on the same port.
 * The server itself keeps running for the other test files that use it.
 */
export class TcpCut {
  #server: Server | undefined;
  readonly #sockets = new Set<Socket>();
  private constructor(
    readonly port: number,
    private readonly target: { host: string; port: number },
  ) {}

  static async start(target: { host: string; port: number }): Promise<TcpCut> {
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const { port } = probe.address() as { port: number };
    await new Promise<void>((resolve) => probe.close(() => resolve()));
    const relay = new TcpCut(port, target);
    await relay.restore();
    return relay;
  }

  /** Starts relaying (again). */
  async restore(): Promise<void> {
    if (this.#server) return;
    const server = createServer((client) => {
      const upstream = connect(this.target.port, this.target.host);
      for (const s of [client, upstream]) {
        this.#sockets.add(s);
        s.on('error', () => {});
        s.on('close', () => this.#sockets.delete(s));
      }
      client.pipe(upstream).pipe(client);
      client.on('close', () => upstream.destroy());
      upstream.on('close', () => client.destroy());
    });
    await new Promise<void>((resolve) => server.listen(this.port, '127.0.0.1', resolve));
    this.#server = server;
  }

  /** Drops every open connection and refuses new ones until `restore()`. */
  async cut(): Promise<void> {
    const server = this.#server;
    this.#server = undefined;
    const closed = server ? new Promise<void>((resolve) => server.close(() => resolve())) : Promise.resolve();
    for (const s of this.#sockets) s.destroy();
    await closed;
  }

  async dispose(): Promise<void> {
    await this.cut();
  }
}
