import { checkAnswer, describeValue } from './check-answer.ts';
import { ModelError } from './errors.ts';
import type { ScriptItem } from './script-item.ts';

/**
 * Checks a whole script when the model is created, so a typo fails at once
 * and names its item, instead of surfacing as a confusing agent run later.
 * Reports every problem in one `SCRIPT_INVALID` error.
 */
export function validateScript(model: string, script: unknown): asserts script is ScriptItem[] {
  if (!Array.isArray(script)) {
    throw new ModelError(
      'SCRIPT_INVALID',
      `scripted model "${model}": invalid script: it must be an array of items, got ${describeValue(script)}`,
    );
  }
  const issues: string[] = [];
  script.forEach((item: unknown, i) => {
    if (typeof item !== 'function') checkAnswer(item, `script[${i}]`, issues);
  });
  if (issues.length) {
    const lines = issues.map((line) => `  - ${line}`).join('\n');
    const count = `${issues.length} problem${issues.length === 1 ? '' : 's'}`;
    throw new ModelError('SCRIPT_INVALID', `scripted model "${model}" has an invalid script (${count}):\n${lines}`, {
      details: { issues },
    });
  }
}
