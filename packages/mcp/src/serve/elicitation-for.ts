import type { InterruptRecord } from '@weft/graph';

/** What the client is asked for one interrupt: a message and a flat form, and how its answer becomes the resume value. */
export interface Elicitation {
  message: string;
  requestedSchema: { type: 'object'; properties: Record<string, Record<string, unknown>>; required?: string[] };
  toValue(content: Record<string, unknown>): unknown;
}

const PRIMITIVE = new Set(['string', 'number', 'integer', 'boolean']);

/**
 * The form for an interrupt. Elicitation forms are flat objects of strings,
 * numbers and booleans, so: a tool approval (`{ tool, arguments }`) asks for
 * `approved` and an optional `reason`; an interrupt whose resume schema is
 * already such an object asks for it as it is; anything else asks for the
 * value as JSON text.
 */
export function elicitationFor(interrupt: InterruptRecord): Elicitation {
  const info = interrupt.info as Record<string, unknown> | null;
  const question = typeof info?.['question'] === 'string' ? info['question'] : undefined;
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
  const message = question ?? `The run asks: ${JSON.stringify(interrupt.info)} (interrupt ${interrupt.id})`;
  const schema = interrupt.resumeSchema;
  const props = schema?.['properties'] as Record<string, Record<string, unknown>> | undefined;
  if (schema?.['type'] === 'object' && props && Object.values(props).every((p) => PRIMITIVE.has(String(p['type']))))
    return {
      message,
      requestedSchema: {
        type: 'object',
        properties: props,
        ...(Array.isArray(schema['required']) ? { required: schema['required'] as string[] } : {}),
      },
      toValue: (c) => c,
    };
  return {
    message,
    requestedSchema: {
      type: 'object',
      properties: {
        value: {
          type: 'string',
          title: 'Answer',
          description: 'The value to resume with, as JSON (text that is not JSON is taken as a string)',
        },
      },
      required: ['value'],
    },
    toValue: (c) => {
      const text = String(c['value'] ?? '');
      try {
        return JSON.parse(text) as unknown;
      } catch {
        return text;
      }
    },
  };
}
