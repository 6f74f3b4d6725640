import { resolve } from 'node:path';
import type { CliIo } from './cli-io.ts';
import { usageError } from './errors.ts';
import { listenFlags } from './listen-flags.ts';
import type { StudioLimits } from './load-studio.ts';
import { priceTableFlag } from './price-table-flag.ts';
import { studioLimits, type StudioLimitFlag } from './studio-limit-flags.ts';

/** The flags `weft serve` and `weft dev` share: where to listen, the store and module, the limits, prices, streaming and the eval reports folder. */
export const STUDIO_OPTIONS = {
  port: { type: 'string' },
  host: { type: 'string' },
  token: { type: 'string' },
  store: { type: 'string' },
  session: { type: 'string', multiple: true },
  export: { type: 'string' },
  'max-runs': { type: 'string' },
  'max-queued-runs': { type: 'string' },
  'max-body-bytes': { type: 'string' },
  'max-run-body-bytes': { type: 'string' },
  'max-content-bytes': { type: 'string' },
  'max-body-depth': { type: 'string' },
  'max-body-keys': { type: 'string' },
  'max-follower-buffer': { type: 'string' },
  prices: { type: 'string' },
  streaming: { type: 'boolean' },
  'eval-reports': { type: 'string' },
} as const;

/** The help lines of those flags (the limits' are weft serve's own section). */
export const STUDIO_OPTIONS_USAGE = `  --port <n>              the port (default 4300; 0 picks a free one)
  --host <host>           the address (default 127.0.0.1); off loopback, a token is required
  --token <secret>        the bearer token (default: $WEFT_STUDIO_TOKEN)
  --store <spec>          sqlite:<file> | postgres:<url> | memory (default: $WEFT_STORE, else sqlite:.weft/weft.db)
  --session <key=value>   a session value for every run (repeatable; over the module's own)
  --streaming             an agent's model calls stream: the page shows messages as they are written
  --prices <file.json>    model prices for the timeline's costs, in US dollars per million tokens:
                          { "<model>": { "inputPerMillion": 0.15, "outputPerMillion": 0.6 } } (default: none)
  --eval-reports <dir>    the folder of eval reports the page lists at /evals (default .weft/evals):
                          each weft eval --html <dir>/<name>.html --out <dir>/<name>.json
  --export <name>         the export to serve`;

type StudioFlagValues = Partial<Record<StudioLimitFlag | 'port' | 'host' | 'token' | 'prices' | 'eval-reports', string | undefined>> & {
  streaming?: boolean | undefined;
};

/** What the shared flags give serveStudio: where it listens, its token, and the options they set (limits, prices, streaming, eval reports). */
export interface StudioFlags {
  port: number;
  host: string;
  token: string | undefined;
  options: StudioLimits & { prices?: unknown; streaming?: true; evalReports: string };
}

/**
 * Reads the flags `weft serve` and `weft dev` share, refusing a token
 * shorter than 8 characters and a bad limit or price file with what to pass.
 */
export async function studioFlags(command: 'serve' | 'dev', values: StudioFlagValues, io: CliIo): Promise<StudioFlags> {
  const { port, host, token } = listenFlags(command, values, io.env, { tokenEnv: 'WEFT_STUDIO_TOKEN', defaultPort: 4300 });
  if (token !== undefined && token.length < 8)
    throw usageError(`${command}: the token is shorter than 8 characters`, 'use a longer secret');
  const limits = studioLimits(values, command);
  const prices = await priceTableFlag(values.prices, io);
  const evalReports = resolve(io.cwd, values['eval-reports'] ?? '.weft/evals');
  return { port, host, token, options: { ...limits, ...prices, ...(values.streaming ? { streaming: true } : {}), evalReports } };
}
