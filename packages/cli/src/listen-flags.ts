import { CliError, usageError } from './errors.ts';

/** Where a serving command listens and the token its clients send, from its flags and the environment. */
export interface ListenFlags {
  port: number;
  host: string;
  token: string | undefined;
}

/**
 * `--port`, `--host` and `--token` of `weft mcp --http` and `weft serve`:
 * the port (default `defaultPort`), the host (default 127.0.0.1) and the
 * token (the flag, else the environment variable `tokenEnv`; an empty
 * variable is no token, as an unset one).
 */
export function listenFlags(
  command: string,
  values: { port?: string | undefined; host?: string | undefined; token?: string | undefined },
  env: Readonly<Record<string, string | undefined>>,
  options: { tokenEnv: string; defaultPort: number },
): ListenFlags {
  if (values.token === '')
    throw usageError(`${command}: --token is empty`, 'pass the secret clients send as "Authorization: Bearer <secret>"');
  const port = values.port === undefined ? options.defaultPort : Number(values.port);
  if (!/^\d+$/.test(values.port ?? '0') || port > 65535)
    throw usageError(`${command}: --port ${JSON.stringify(values.port)} is not a port`, `e.g. --port ${options.defaultPort}`);
  return { port, host: values.host ?? '127.0.0.1', token: values.token ?? (env[options.tokenEnv] || undefined) };
}

/** Listening off loopback without a token: a command-line error (exit code 2) that says how to give one. */
export function tokenRequired(command: string, host: string, tokenEnv: string, cause: unknown): CliError {
  return new CliError(
    'USAGE',
    `${command}: --host ${host} is not a loopback address: anyone who reaches it could run the target, so it needs a token`,
    `pass --token <secret> (or set ${tokenEnv}); clients send "Authorization: Bearer <secret>". Or drop --host to listen on 127.0.0.1 only`,
    { cause },
  );
}
