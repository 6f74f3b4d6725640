import type { InterruptRecord } from '@weft/graph';
import type { OpenedStore } from './open-store.ts';
import { shellQuote } from './shell-quote.ts';

/** Stands for a value the command cannot guess; the person replaces it. */
export const VALUE_PLACEHOLDER = '<json>';

/**
 * The command that continues a thread at its pending interrupts, quoted for a
 * POSIX shell: one interrupt gets `--value … --interrupt <id>`, several get
 * one `--values` object. An approval (a tool with `needsApproval`) is
 * answered `{"approved":true}`; any other interrupt gets a placeholder.
 */
export function resumeCommand(threadId: string, interrupts: readonly InterruptRecord[], opened: OpenedStore): string {
  const words = ['weft', 'resume', threadId];
  const [only] = interrupts;
  if (interrupts.length === 1 && only) {
    words.push('--value', suggestedValue(only), '--interrupt', only.id);
  } else if (interrupts.length > 1) {
    words.push('--values', `{${interrupts.map((i) => `${JSON.stringify(i.id)}:${suggestedValue(i)}`).join(',')}}`);
  }
  if (opened.explicit) words.push('--store', opened.spec);
  return words.map((w, i) => (i < 2 ? w : shellQuote(w))).join(' ');
}

/** The value an interrupt most likely wants, as JSON text. */
export function suggestedValue(interrupt: InterruptRecord): string {
  return isApproval(interrupt) ? '{"approved":true}' : VALUE_PLACEHOLDER;
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
