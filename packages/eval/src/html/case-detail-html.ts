import type { CaseReport, ScorerOutcome } from '../report/eval-report.ts';
import type { SeenInterrupt } from '../scorers/scorer.ts';
import type { TrajectoryStep } from '../run/trajectory-step.ts';
import { outcomeClass } from './cases-table-html.ts';
import { escapeHtml } from './escape-html.ts';
import { formatValue } from './format-value.ts';
import { durationText, scoreText } from './summary-html.ts';

/** A `<pre>` of a value (strings as they are, the rest as JSON), escaped. */
const pre = (value: unknown, cls = ''): string => `<pre${cls ? ` class="${cls}"` : ''}>${escapeHtml(formatValue(value))}</pre>`;

/**
 * Everything the report knows of one case, hidden until its row is opened:
 * each scorer (`.scorer.failed` for those that failed) with its reason and
 * details (a judge's reasoning), the error, the output, the trajectory, the
 * interrupts and their answers, the usage, and a place for the replay of its
 * run log on the compiled graph (`replay`: whether the page has one).
 */
export function caseDetailHtml(c: CaseReport, index: number, replay: boolean): string {
  const parts = [
    `<section class="case-detail" id="case-${index}" data-case="${escapeHtml(c.id)}" hidden>`,
    caseHead(c),
    c.error ? `<div class="case-error" role="alert"><b>${escapeHtml(c.error.code)}</b> ${escapeHtml(c.error.message)}</div>` : '',
    `<h3>Scorers</h3>`,
    Object.entries(c.scorers)
      .map(([name, outcome]) => scorerHtml(name, outcome))
      .join('\n') || '<p class="muted">No scorer ran on this case.</p>',
    `<h3>Output</h3>`,
    c.output === undefined ? '<p class="muted">No output (the run did not finish).</p>' : pre(c.output, 'output'),
    `<h3>Trajectory (${c.trajectory.length})</h3>`,
    c.trajectory.length
      ? `<ol class="trajectory">${c.trajectory.map(stepHtml).join('')}</ol>`
      : '<p class="muted">No tool call or transfer.</p>',
    `<h3>Interrupts (${c.interrupts.length})</h3>`,
    c.interrupts.length ? c.interrupts.map(interruptHtml).join('') : '<p class="muted">None.</p>',
    `<h3>Usage</h3>`,
    usageHtml(c),
    `<h3>Graph path</h3>`,
    `<p class="muted">${c.path.nodes.length} node runs, ${c.path.edges.length} edges taken.</p>`,
    `<div class="chips path">${[...new Set(c.path.nodes)].map((n) => `<span class="tag">${escapeHtml(n)}</span>`).join('')}</div>`,
    c.repeats ? repeatsHtml(c) : '',
    `<h3>Replay</h3>`,
    replay
      ? `<div class="replay" data-replay="${index}"></div>`
      : '<p class="muted no-replay">No run log was given for this case: nothing to replay.</p>',
    `</section>`,
  ];
  return parts.filter(Boolean).join('\n');
}

function caseHead(c: CaseReport): string {
  const tags = c.tags.map((t) => `<span class="tag">${escapeHtml(t)}</span>`).join('');
  return (
    `<header class="case-head"><h2 class="case-title">${escapeHtml(c.id)}</h2>` +
    `<span class="status ${escapeHtml(c.status)}">${escapeHtml(c.status)}</span><span class="muted">score ${scoreText(c.score)} · run ${escapeHtml(c.runStatus)} · ` +
    `${durationText(c.durationMs)} · thread ${escapeHtml(c.threadId)}</span>${tags}</header>`
  );
}

function scorerHtml(name: string, outcome: ScorerOutcome): string {
  const cls = outcomeClass(outcome);
  const head = (verdict: string, score = '') =>
    `<div class="head"><span class="who">${escapeHtml(name)}</span><span class="verdict">${verdict}</span>${score}</div>`;
  let body: string;
  if (outcome.kind === 'skipped') body = head('not applicable');
  else if (outcome.kind === 'error')
    body =
      head('error') + `<p class="reason">${outcome.code ? `<b>${escapeHtml(outcome.code)}</b> ` : ''}${escapeHtml(outcome.message)}</p>`;
  else
    body =
      head(outcome.pass ? 'passed' : 'failed', `<span class="num">${scoreText(outcome.score)}</span>`) +
      `<p class="reason">${escapeHtml(outcome.reason)}</p>` +
      (outcome.details === undefined ? '' : `<div class="details-label">details</div>${pre(outcome.details, 'scorer-details')}`);
  return `<div class="scorer ${cls}" data-scorer="${escapeHtml(name)}">${body}</div>`;
}

function stepHtml(step: TrajectoryStep): string {
  if (step.type === 'transfer')
    return (
      `<li class="step transfer"><span class="tag transfer">transfer</span> ${escapeHtml(step.from)} → ${escapeHtml(step.to)}` +
      `${step.reason ? ` <span class="muted">${escapeHtml(step.reason)}</span>` : ''}</li>`
    );
  const result =
    step.error !== undefined
      ? `<div class="step-error">error: ${escapeHtml(step.error)}</div>`
      : step.result !== undefined
        ? pre(step.result, 'step-result')
        : '<div class="muted">not run</div>';
  return (
    `<li class="step tool"><span class="tag">tool</span> <span class="who">${escapeHtml(step.agent)}</span> → ` +
    `<code>${escapeHtml(step.tool)}</code>${pre(step.args, 'step-args')}${result}</li>`
  );
}

function interruptHtml(i: SeenInterrupt): string {
  return (
    `<div class="card interrupt"><div class="head"><span class="tag interrupt">interrupt</span>` +
    `<span class="muted interrupt-id">${escapeHtml(i.address)}</span>` +
    `<span class="tag">${i.answered ? 'answered' : 'unanswered'}</span></div>${pre(i.info)}` +
    `${i.answered ? `<div class="details-label">answer</div>${pre(i.answer)}` : ''}</div>`
  );
}

function usageHtml(c: CaseReport): string {
  const u = c.usage;
  const rows: [string, number | string][] = [
    ['input tokens', u.inputTokens],
    ['output tokens', u.outputTokens],
    ['total tokens', u.totalTokens],
    ['model calls', u.modelCalls],
    ['steps', u.steps],
    ['duration', durationText(u.durationMs)],
  ];
  return `<dl class="kv usage">${rows.map(([k, v]) => `<dt>${k}</dt><dd>${escapeHtml(String(v))}</dd>`).join('')}</dl>`;
}

function repeatsHtml(c: CaseReport): string {
  const r = c.repeats!;
  return (
    `<h3>Repeats (${r.k})</h3><p>${r.passes} of ${r.k} passed · pass@${r.k} ${scoreText(r.passAtK)} · pass^${r.k} ${scoreText(r.passHatK)}</p>` +
    `<div class="chips">${r.statuses.map((s) => `<span class="status ${escapeHtml(s)}">${escapeHtml(s)}</span>`).join('')}</div>`
  );
}
