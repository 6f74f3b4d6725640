import type { ElicitRequestFormParams } from '@modelcontextprotocol/sdk/types.js';
import type { InterruptRecord } from '@weft/graph';
import { flatForm } from './flat-form.ts';
import { formField } from './form-field.ts';

/** What the client is asked for one interrupt: a message and a flat form, and how its answer becomes the resume value. */
export interface Elicitation {
  message: string;
  requestedSchema: ElicitRequestFormParams['requestedSchema'];
  toValue(content: Record<string, unknown>): unknown;
}

/**
 * The form for an interrupt. Elicitation forms are flat objects of strings,
 * numbers, booleans and string enums, so:
 * - a tool approval (`{ tool, arguments }`) asks for `approved` and an
 *   optional `reason`;
 * - an object resume schema becomes its fields, nested objects' fields
 *   under dotted keys (`address.city`), and the answer is rebuilt into the
 *   nested object (see flat-form.ts);
 * - any other resume schema is one `value` field: of its type for a string,
 *   number, integer, boolean or string enum (the answer is the bare value),
 *   else JSON text, as is the answer to an interrupt without a schema.
 * A field that cannot be a form field (an array, a union of types) takes
 * JSON text too. The run checks the value it gets against the whole resume
 * schema, as for any resume: a form cannot say everything a schema does.
 */
export function elicitationFor(interrupt: InterruptRecord): Elicitation {
  const info = interrupt.info as Record<string, unknown> | null;
  if (info && typeof info === 'object' && typeof info['tool'] === 'string' && 'arguments' in info)
    return {
      message: `Allow the call ${info['tool']}(${JSON.stringify(info['arguments'])})? (interrupt ${interrupt.id})`,
      requestedSchema: {
        type: 'object',
        properties: {
          approved: { type: 'boolean', title: 'Approve the call' },
          reason: { type: 'string', title: 'Reason (when refusing)' },
        },
        required: ['approved'],
      },
      toValue: (c) =>
        typeof c['reason'] === 'string' && c['reason']
          ? { approved: c['approved'] === true, reason: c['reason'] }
          : { approved: c['approved'] === true },
    };
  const question = typeof info?.['question'] === 'string' ? info['question'] : undefined;
  const message = question ?? `The run asks: ${JSON.stringify(interrupt.info)} (interrupt ${interrupt.id})`;
  const schema = interrupt.resumeSchema ?? {};
  const form = flatForm(schema);
  if (form) return { message, ...form };
  const title = typeof schema['title'] === 'string' ? schema['title'] : 'Answer';
  const field = formField(interrupt.resumeSchema ? schema : { description: 'The value to resume with' }, title);
  return {
    message,
    requestedSchema: { type: 'object', properties: { value: field.schema }, required: ['value'] },
    toValue: (c) => field.read(c['value']),
  };
}
