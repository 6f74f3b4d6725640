// @ts-check
/**
 * The transcript's rows for what an agent's guardrails did (`guardrail`
 * agent events): a trip that stopped the run, a rewrite (what was there
 * and what went on instead, both shortened) and a check that threw and was
 * let through (`failed-open`). A released window of held streamed text is
 * not shown: the released text itself is the chunks the transcript prints.
 */

/**
 * A @weft/graph GuardrailEvent.
 * @typedef {{ name: string, stage: 'input' | 'output' | 'tool-before' | 'tool-after', action: 'trip' | 'rewrite' | 'failed-open' | 'release', reason?: string, original?: unknown, replacement?: unknown, heldChars?: number, heldMs?: number }} GuardrailEventData
 */

/** How long a rewrite's original or replacement may be in its row. */
const GUARDRAIL_VALUE_MAX = 120;

const GUARDRAIL_ACTIONS = { trip: 'tripped', rewrite: 'rewrote', 'failed-open': 'failed open' };

/**
 * The row for one guardrail event, under the agent: `data-kind="guardrail"`,
 * `data-guardrail` (its name), `data-stage`, `data-action`; a line "no-card ·
 * output · tripped", the reason, and for a rewrite `.original` and
 * `.replacement` lines.
 * @param {string} agent @param {GuardrailEventData | undefined} g @param {string} eventId
 */
function guardrailTranscriptRows(agent, g, eventId) {
  if (!g || g.action === 'release') return [];
  const lines = [el('p', 'line', `guardrail ${g.name} · ${g.stage} · ${GUARDRAIL_ACTIONS[g.action]}`)];
  if (g.reason) lines.push(el('p', 'line reason', g.reason));
  if (g.action === 'rewrite') {
    lines.push(el('p', 'line original', `was: ${shortValue(g.original)}`));
    lines.push(el('p', 'line replacement', `now: ${shortValue(g.replacement)}`));
  }
  const row = txRow('guardrail', agent, eventId, lines);
  Object.assign(row.dataset, { guardrail: g.name, stage: g.stage, action: g.action });
  return [row];
}

/** A value on one short line: text as it is, anything else as JSON, cut with "…". @param {unknown} value */
function shortValue(value) {
  const text = (typeof value === 'string' ? value : (JSON.stringify(value) ?? String(value))).replace(/\s+/g, ' ');
  return text.length > GUARDRAIL_VALUE_MAX ? `${text.slice(0, GUARDRAIL_VALUE_MAX)}…` : text;
}
