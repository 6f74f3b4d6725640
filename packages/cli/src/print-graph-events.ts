import type { GraphEvent } from '@weft/graph';
import { formatValue } from './format-value.ts';
import { terminalSafe } from './terminal-safe.ts';

/**
 * Prints a graph run's events for people, as they arrive: each step with its
 * nodes, each node's output (cut to one line), custom events, retries and
 * errors; chunks of streaming nodes only when asked. Nodes inside subgraphs
 * are named by their path (`sub/approve`). Interrupts are left to the outcome.
 * Every line is terminal-safe: an output cannot clear the screen.
 */
export class GraphEventPrinter {
  readonly #write: (text: string) => void;
  readonly #chunks: boolean;

  constructor(write: (text: string) => void, options: { chunks: boolean }) {
    this.#write = write;
    this.#chunks = options.chunks;
  }

  print(e: GraphEvent): void {
    const where = (node: string, key: string | undefined) => [...e.path, node].join('/') + (key === undefined ? '' : `[${key}]`);
    switch (e.type) {
      case 'step.start':
        if (e.path.length === 0) this.#write(`${terminalSafe(`step ${e.step}: ${e.nodes.join(', ')}`)}\n`);
        return;
      case 'node.end':
        return this.#line(`${where(e.node, e.key)} → ${formatValue(e.output)}`);
      case 'node.chunk':
        if (this.#chunks) this.#line(`${where(e.node, e.key)} … ${formatValue(e.chunk)}`);
        return;
      case 'node.custom':
        return this.#line(`${where(e.node, e.key)} emits ${formatValue(e.data)}`);
      case 'node.retry':
        return this.#line(
          `${where(e.node, e.key)} retries (attempt ${e.attempt + 1} in ${e.delayMs} ms): ${e.error.code}: ${e.error.message}`,
        );
      case 'error':
        return this.#line(`error${e.node === undefined ? '' : ` in ${where(e.node, undefined)}`}: ${e.error.code}: ${e.error.message}`);
      default:
        return;
    }
  }

  /** Node names, outputs and error messages are data: escaped (see terminalSafe). */
  #line(text: string): void {
    this.#write(`  ${terminalSafe(text)}\n`);
  }
}
