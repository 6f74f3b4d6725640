/**
 * Versions of one refund flow for the migration tests: v1 checks, asks a
 * person (`ask` interrupts) and pays; the later versions change it the ways a
 * deploy does. Every version has the name "refunds", so their threads share
 * a store as they would in production.
 */
import { z } from 'zod';
import { graph } from '../../src/builder/graph.ts';
import type { CompileOptions } from '../../src/compiler/compile-options.ts';
import { interrupt } from '../../src/interrupt/interrupt.ts';
import { END, START } from '../../src/spec/start-end.ts';

export interface Refund {
  amount: number;
  approved?: boolean;
}

/** The side effects of the pay node, counted across every version and resume. */
export const payments: Refund[] = [];

const check = (r: Refund) => r;
const ask = (r: Refund): Refund => ({ ...r, approved: interrupt<{ approved: boolean }>({ amount: r.amount }).approved });
const pay = (r: Refund) => {
  if (r.approved) payments.push(r);
  return r.approved ? `paid ${r.amount}` : 'refused';
};

/** v1: check → ask → pay. */
export function v1(options: CompileOptions) {
  return graph<Refund, string>({ name: 'refunds' })
    .addNode('check', check)
    .addNode('ask', ask)
    .addNode('pay', pay)
    .addEdge(START, 'check')
    .addEdge('check', 'ask')
    .addEdge('ask', 'pay')
    .addEdge('pay', END)
    .compile({ version: 'v1', ...options });
}

/** v1 plus an audit step after pay: nothing a thread paused at ask depends on. */
export function v1WithAudit(options: CompileOptions) {
  return graph<Refund, string>({ name: 'refunds' })
    .addNode('check', check)
    .addNode('ask', ask)
    .addNode('pay', pay)
    .addNode('audit', (s: string) => `${s} (audited)`)
    .addEdge(START, 'check')
    .addEdge('check', 'ask')
    .addEdge('ask', 'pay')
    .addEdge('pay', 'audit')
    .addEdge('audit', END)
    .compile({ version: 'v1.1', ...options });
}

/** v2: ask is now review (renamed); a thread paused at ask cannot continue without a migration. */
export function v2(options: CompileOptions) {
  return graph<Refund, string>({ name: 'refunds' })
    .addNode('check', check)
    .addNode('review', ask)
    .addNode('pay', pay)
    .addEdge(START, 'check')
    .addEdge('check', 'review')
    .addEdge('review', 'pay')
    .addEdge('pay', END)
    .compile({ version: 'v2', ...options });
}

/** v1 without ask: check → pay. */
export function withoutAsk(options: CompileOptions) {
  return graph<Refund, string>({ name: 'refunds' })
    .addNode('check', check)
    .addNode('pay', pay)
    .addEdge(START, 'check')
    .addEdge('check', 'pay')
    .addEdge('pay', END)
    .compile({ version: 'v0', ...options });
}

/** v1 with ask's interrupts at another address. */
export function askElsewhere(options: CompileOptions) {
  return graph<Refund, string>({ name: 'refunds' })
    .addNode('check', check)
    .addNode('ask', ask, { address: 'approval' })
    .addNode('pay', pay)
    .addEdge(START, 'check')
    .addEdge('check', 'ask')
    .addEdge('ask', 'pay')
    .addEdge('pay', END)
    .compile({ version: 'v1-address', ...options });
}

/** The state schemas of the state tests: v1 keeps notes as strings, v2 as objects. */
export const notesV1 = z.object({ notes: z.array(z.string()).default([]) });
export const notesV2 = z.object({ notes: z.array(z.object({ text: z.string() })).default([]) });

/** A flow with state: note → ask → END; v2 writes its notes as objects. */
export function noted(version: 'v1' | 'v2', options: CompileOptions) {
  if (version === 'v1')
    return graph({ name: 'noted', state: notesV1 })
      .addNode('note', (r: Refund, ctx) => {
        ctx.update((d) => {
          d.notes.push(`asked ${r.amount}`);
        });
        return r;
      })
      .addNode('ask', ask)
      .addEdge(START, 'note')
      .addEdge('note', 'ask')
      .addEdge('ask', END)
      .compile({ version, ...options });
  return graph({ name: 'noted', state: notesV2 })
    .addNode('note', (r: Refund, ctx) => {
      ctx.update((d) => {
        d.notes.push({ text: `asked ${r.amount}` });
      });
      return r;
    })
    .addNode('ask', ask)
    .addEdge(START, 'note')
    .addEdge('note', 'ask')
    .addEdge('ask', END)
    .compile({ version, ...options });
}
