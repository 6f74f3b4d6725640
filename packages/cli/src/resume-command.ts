import type { InterruptRecord } from '@weft/graph';
import { exampleValue } from './example-value.ts';
import type { OpenedStore } from './open-store.ts';
import { printedCommand, type CommandReach, type PrintedOption } from './printed-command.ts';

/** Stands for a value the command cannot guess; the person replaces it. */
export const VALUE_PLACEHOLDER = '<json>';

/**
 * What a printed `weft resume` must repeat besides the thread: weft as the
 * person starts it, the store, and a module the project would not load by itself.
 */
export interface ResumeTarget extends CommandReach {
  opened: OpenedStore;
  /** A module the person named that lies outside the project: `weft resume` loads it only when `--module` names it. */
  module?: string | undefined;
  /** Options that send the resume the same way as the run: `--queue <url>` (and `--queue-name`) for a queue's workers. */
  via?: readonly PrintedOption[] | undefined;
}

/**
 * The command that continues a thread at its pending interrupts, quoted for a
 * shell: one interrupt gets `--value … --interrupt <id>`, several get one
 * `--values` object. Each value is `suggestedValue`: shaped by the
 * interrupt's resume schema, `{"approved":true}` for an approval (a tool with
 * `needsApproval`), or a placeholder. `extra`
 * options come first (`--take-over`, `--checkpoint <id>`).
 */
export function resumeCommand(
  threadId: string,
  interrupts: readonly InterruptRecord[],
  target: ResumeTarget,
  extra: readonly PrintedOption[] = [],
): string {
  const options: PrintedOption[] = [...extra];
  const [only] = interrupts;
  if (interrupts.length === 1 && only) {
    options.push(['--value', suggestedValue(only)], ['--interrupt', only.id]);
  } else if (interrupts.length > 1) {
    options.push(['--values', `{${interrupts.map((i) => `${JSON.stringify(i.id)}:${suggestedValue(i)}`).join(',')}}`]);
  }
  if (target.module !== undefined) options.push(['--module', target.module]);
  options.push(...(target.via ?? []));
  return printedCommand('resume', options, [threadId], target);
}

/**
 * The value an interrupt most likely wants, as JSON text: an approval's
 * answer (`{"approved":true}`, though its record has a resume schema too),
 * else shaped by its resume schema when the record has one
 * (`{"approved":<boolean>}`), else the placeholder.
 */
export function suggestedValue(interrupt: InterruptRecord): string {
  if (isApproval(interrupt)) return '{"approved":true}';
  const shaped = interrupt.resumeSchema === undefined ? undefined : exampleValue(interrupt.resumeSchema);
  return shaped ?? VALUE_PLACEHOLDER;
}

/** An interrupt a Runner raises for a tool with `needsApproval`: `{ tool, arguments }` at a `tool:` address. */
export function isApproval(interrupt: InterruptRecord): boolean {
  const info = interrupt.info as { tool?: unknown; arguments?: unknown } | null;
  return (
    info !== null &&
    typeof info === 'object' &&
    typeof info.tool === 'string' &&
    typeof info.arguments === 'object' &&
    interrupt.address.includes(`/tool:${info.tool}:`)
  );
}
