import { AgentError } from '../errors.ts';

// Only `{identifier}` is a placeholder, so JSON such as `{"a": 1}` or `{ x }` is never mistaken for one.
// Sticky: matched only at `lastIndex`, set right before each use.
const PLACEHOLDER = /\{([A-Za-z_][A-Za-z0-9_]*)\}/y;

/**
 * Fills `{name}` placeholders of an agent's instruction from session values.
 * `{{` is a literal `{`, and `}}` a literal `}` when it closes such an escape;
 * any other brace is left as it is, so JSON in an instruction stays intact.
 * Strings are inserted as they are, other values as JSON. One pass, left to
 * right: an inserted value is never expanded again.
 *
 * @example
 * fillInstruction('Weather in {city}. Reply as {"temp": n}; {{city}} is literal.', { city: 'Oslo' }, 'Weather');
 * // → 'Weather in Oslo. Reply as {"temp": n}; {city} is literal.'
 * @throws AgentError `INSTRUCTION_KEY_MISSING` when a placeholder has no session value.
 */
export function fillInstruction(template: string, values: Readonly<Record<string, unknown>>, agentName: string): string {
  let out = '';
  let i = 0;
  // `}}` is an escape only when it closes an earlier `{{`: nested JSON such as `{"a": {"b": 1}}` stays intact.
  let open = 0;
  while (i < template.length) {
    const pair = template.slice(i, i + 2);
    if (pair === '{{' || (pair === '}}' && open > 0)) {
      out += pair[0];
      open += pair === '{{' ? 1 : -1;
      i += 2;
      continue;
    }
    PLACEHOLDER.lastIndex = i;
    const key = template[i] === '{' ? PLACEHOLDER.exec(template)?.[1] : undefined;
    if (key === undefined) {
      out += template[i];
      i += 1;
      continue;
    }
    out += formatValue(lookUp(values, key, agentName));
    i += key.length + 2;
  }
  return out;
}

function lookUp(values: Readonly<Record<string, unknown>>, key: string, agentName: string): unknown {
  // Own keys only: `{constructor}` must not find Object.prototype.constructor.
  const value = Object.hasOwn(values, key) ? values[key] : undefined;
  if (value !== undefined) return value;
  const available = Object.keys(values)
    .filter((name) => values[name] !== undefined)
    .sort();
  const have = available.length === 0 ? 'they have none' : `they have: ${available.join(', ')}`;
  throw new AgentError(
    'INSTRUCTION_KEY_MISSING',
    `instruction of agent "${agentName}" uses {${key}}, but session values have no "${key}" (${have})`,
    { details: { agent: agentName, key, available } },
  );
}

function formatValue(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'bigint') return value.toString();
  // JSON has no text for functions and symbols.
  return (JSON.stringify(value) as string | undefined) ?? String(value);
}
