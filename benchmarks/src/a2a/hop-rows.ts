import { ClientFactory, type Client } from '@a2a-js/sdk/client';
import { a2aAgent, serveA2A } from '@weft/a2a';
import { Runner, textOf, type Agent } from '@weft/agents';
import { MemoryStore } from '@weft/graph';
import { ANSWER, QUESTION, answerAgent } from './answer-agent.ts';
import { childHost } from './child-host.ts';
import { expectSent, expectStreamed, sendRequest } from './sdk-messages.ts';
import { serveSdkAlone } from './serve-sdk-alone.ts';
import { inProcessHost, type ServerHost } from './server-host.ts';

/** One message in, one answer out, checked. */
export type Hop = () => Promise<void>;

/** A row of the table: how to get a warm hop, and a cold one. */
export interface HopRow {
  id: string;
  label: string;
  /** Sets up once (server, client, runner; untimed) and returns the hop the warm samples time. */
  warm(): Promise<Hop>;
  /** Starts a fresh server (untimed) and returns the hop a cold sample times: a fresh client or agent, its card fetch, its first message. */
  cold(): Promise<Hop>;
}

/** The rows and the hosts their servers run on (close them at the end). */
export interface HopSetup {
  rows: HopRow[];
  hosts: ServerHost[];
}

async function ask(runner: Runner<Agent>): Promise<void> {
  const done = await runner.query(QUESTION);
  const said = done.finalMessage ? textOf(done.finalMessage.content) : undefined;
  if (done.status !== 'done' || said !== ANSWER)
    throw new Error(`expected the run to answer "${ANSWER}", got ${done.status}: ${String(said)}`);
}

/** A fresh Runner over the answering agent (or a2aAgent), on a store of its own. */
const runnerOf = (agent: Agent) => new Runner({ agent, store: new MemoryStore() });

async function sent(client: Client): Promise<void> {
  expectSent(await client.sendMessage(sendRequest(QUESTION)));
}

async function streamed(client: Client): Promise<void> {
  let last;
  for await (const ev of client.sendMessageStream(sendRequest(QUESTION))) last = ev;
  expectStreamed(last);
}

/** A row whose hop is the SDK's client calling `host`'s servers, with `call` (send or stream). */
function sdkClientRow(id: string, label: string, host: ServerHost, call: typeof sent): HopRow {
  const client = (url: string) => new ClientFactory().createFromUrl(url);
  return {
    id,
    label,
    async warm() {
      const c = await client(await host.serve());
      return () => call(c);
    },
    async cold() {
      const url = await host.serve();
      return async () => call(await client(url));
    },
  };
}

/** A row whose hop is a Runner over a2aAgent({ url }) of `host`'s servers. */
function weftBothWaysRow(id: string, label: string, host: ServerHost): HopRow {
  return {
    id,
    label,
    async warm() {
      const runner = runnerOf(await a2aAgent({ url: await host.serve() }));
      return () => ask(runner);
    },
    async cold() {
      const url = await host.serve();
      return async () => ask(runnerOf(await a2aAgent({ url })));
    },
  };
}

/**
 * The rows, a to e: (a) the agent in-process; (b) the SDK's client and a
 * server written with the SDK alone; (c) the SDK's client and serveA2A(),
 * blocking send and stream; (d) a2aAgent() in a Runner and serveA2A(); (e)
 * the same with the server in a child process. Every server of (b)–(d)
 * runs in this process, on 127.0.0.1; (e)'s in one child process.
 */
export function hopRows(): HopSetup {
  const store = new MemoryStore();
  const agent = answerAgent();
  const sdkAlone = inProcessHost(serveSdkAlone);
  const weft = inProcessHost(() => serveA2A(agent, { store }));
  const child = childHost();
  const rows: HopRow[] = [
    {
      id: 'a',
      label: 'in-process: `Runner.query()`, no A2A',
      async warm() {
        const runner = runnerOf(answerAgent());
        return () => ask(runner);
      },
      cold: async () => () => ask(runnerOf(answerAgent())),
    },
    sdkClientRow('b', 'SDK client `sendMessage` → server written with the SDK alone', sdkAlone, sent),
    sdkClientRow('c, send', 'SDK client `sendMessage` → `serveA2A(agent)`', weft, sent),
    sdkClientRow('c, stream', 'SDK client `sendMessageStream` (to the end) → `serveA2A(agent)`', weft, streamed),
    weftBothWaysRow('d', '`a2aAgent({ url })` in a Runner → `serveA2A(agent)`', weft),
    weftBothWaysRow('e', '(d), the server in a child process', child),
  ];
  return { rows, hosts: [sdkAlone, weft, child] };
}
