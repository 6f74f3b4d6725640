import type { CliIo } from './cli-io.ts';

/** One `weft` subcommand: its help, and what it does with the arguments after its name (its summary is in the command table). */
export interface Command {
  name: string;
  /** The whole text of `weft <name> --help`. */
  usage: string;
  /** Resolves to the exit code; failures throw (a CliError, or a lower layer's error) and main reports them. */
  execute(args: string[], io: CliIo): Promise<number>;
}
