import type { GraphEvent, Run } from '../../src/index.ts';

/** Awaits a run while recording every event; returns both. */
export async function collect<O, S>(run: Run<O, S>) {
  const events: GraphEvent[] = [];
  run.subscribe((e) => events.push(e));
  const result = await run;
  return { result, events };
}

/** A compact, order-preserving view of events for whole-sequence assertions. */
export function trace(events: readonly GraphEvent[]): string[] {
  return events.map((e) => {
    const where = e.path.length ? `${e.path.join('/')}:` : '';
    switch (e.type) {
      case 'node.start':
      case 'node.end':
      case 'node.chunk':
      case 'node.custom':
      case 'node.retry':
        return `${e.step} ${e.type} ${where}${e.node}`;
      case 'step.start':
      case 'step.end':
        return `${e.step} ${e.type} ${where}[${e.nodes.join(',')}]`;
      case 'interrupt':
        return `${e.step} interrupt ${e.interrupts.map((i) => i.id).join(',')}`;
      case 'error':
        return `${e.step} error ${where}${e.error.code}`;
      case 'run.end':
        return `${e.step} run.end ${where}${e.status}`;
      default:
        return `${e.step} ${e.type}${where ? ' ' + where.slice(0, -1) : ''}`;
    }
  });
}

/** A promise with its resolve function, for controlling node timing without sleeps. */
export function deferred<T = void>() {
  let resolve!: (v: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}
