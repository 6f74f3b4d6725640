import { textOf, type Message } from '@weft/chat-model';

/** One judge's verdict on a case. */
export interface JudgeVerdict {
  reasoning: string;
  /** 0 to 1. */
  score: number;
  pass: boolean;
}

/**
 * The verdict in a judge's answer, or why there is none (a phrase): the
 * answer's text must be JSON with a string `reasoning`, a `score` from 0
 * to 1 and a boolean `pass`. Models asked for structured output may still
 * be cut off or not comply, so every answer is checked.
 *
 * @example
 * parseVerdict(assistantMessage('{"reasoning":"Polite.","score":0.9,"pass":true}')); // { reasoning: 'Polite.', score: 0.9, pass: true }
 */
export function parseVerdict(answer: Message): JudgeVerdict | string {
  const text = textOf(answer);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return `the answer is not JSON: ${JSON.stringify(text.length > 80 ? `${text.slice(0, 79)}…` : text)}`;
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return `the answer is not a JSON object: ${text.slice(0, 80)}`;
  const { reasoning, score, pass } = value as Record<string, unknown>;
  if (typeof reasoning !== 'string') return 'the answer has no string "reasoning"';
  if (typeof score !== 'number' || !(score >= 0 && score <= 1))
    return `the answer's "score" is not a number from 0 to 1: ${JSON.stringify(score)}`;
  if (typeof pass !== 'boolean') return 'the answer has no boolean "pass"';
  return { reasoning, score, pass };
}
