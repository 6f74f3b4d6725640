import { parseArgs, type ParseArgsConfig } from 'node:util';
import type { CliIo } from './cli-io.ts';
import { closestName } from './closest-name.ts';
import { usageError } from './errors.ts';
import { commandReach, launcherText } from './printed-command.ts';

type Options = NonNullable<ParseArgsConfig['options']>;
/** What parseArgs gives for a command's options (named, so the declaration can refer to it). */
export type ParsedCommandArgs<O extends Options> = ReturnType<
  typeof parseArgs<{ args: string[]; options: O; strict: true; allowPositionals: true }>
>;

/**
 * `parseArgs` (strict, with positionals) for one command, with its errors
 * turned into usage errors that name the command, and the number of
 * positional arguments checked against `names` (the first `required` must be there).
 * The hints name `weft <command> --help` as weft is started here (`npx weft`, …).
 */
export function parseCommandArgs<O extends Options>(
  command: string,
  args: string[],
  options: O,
  positional: { names: string[]; required: number },
  io: Pick<CliIo, 'env'>,
): ParsedCommandArgs<O> {
  const weft = launcherText(commandReach(io));
  let parsed: ParsedCommandArgs<O>;
  try {
    parsed = parseArgs({ args, options, strict: true, allowPositionals: true });
  } catch (err) {
    const guess = unknownOptionGuess(err, Object.keys(options));
    const help = `${weft} ${command} --help shows its options`;
    throw usageError(`${command}: ${parseMessage(err)}`, guess ? `did you mean --${guess}? ${help}` : help);
  }
  const { positionals } = parsed;
  if (positionals.length < positional.required) {
    const missing = positional.names.slice(positionals.length, positional.required).map((n) => `<${n}>`);
    throw usageError(`${command} needs ${missing.join(' ')}`, `${weft} ${command} --help shows how to call it`);
  }
  if (positionals.length > positional.names.length) {
    const extra = positionals.slice(positional.names.length).map((p) => JSON.stringify(p));
    throw usageError(
      `${command}: unexpected argument ${extra.join(' ')}`,
      `quote values with spaces; ${weft} ${command} --help shows its options`,
    );
  }
  return parsed;
}

/** The option an unknown one most likely meant (`--sesion` → `session`), if any is close. */
function unknownOptionGuess(err: unknown, names: string[]): string | undefined {
  if ((err as { code?: string }).code !== 'ERR_PARSE_ARGS_UNKNOWN_OPTION') return undefined;
  const option = /'([^']+)'/.exec(err instanceof Error ? err.message : '')?.[1];
  return option?.startsWith('--') ? closestName(option.slice(2).split('=')[0]!, names) : undefined;
}

/** Node's parseArgs messages, made shorter: the option and what is wrong with it. */
function parseMessage(err: unknown): string {
  const message = err instanceof Error ? err.message : String(err);
  const code = (err as { code?: string }).code;
  const option = /'([^']+)'/.exec(message)?.[1];
  if (code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION' && option) return `unknown option ${option}`;
  if (option && message.includes('argument missing')) return `${option.split(' ')[0]} needs a value`;
  if (option && message.includes('does not take an argument')) return `${option} takes no value`;
  return message.split('. ')[0] ?? message;
}
