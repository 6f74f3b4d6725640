import type { GraphCapabilities } from './graph-capabilities.ts';
import type { ExpectedStep } from './expected-step.ts';

/**
 * The problems of an expected trajectory against what the compiled graph can
 * produce: a tool no agent has (or not the agent named), an agent the graph
 * does not have, a transfer no agent (or not the `from` agent) can make.
 * Each problem is one sentence naming the step and what the graph offers.
 *
 * @example
 * trajectoryProblems([{ tool: 'refnd' }], caps); // ['step 1: no agent has a tool "refnd" (tools: lookup_invoice, refund, …)']
 */
export function trajectoryProblems(steps: readonly ExpectedStep[], caps: GraphCapabilities): string[] {
  const problems: string[] = [];
  const agentNames = [...caps.agents.keys()];
  steps.forEach((step, i) => {
    const at = `step ${i + 1}`;
    if ('tool' in step) {
      if (step.agent !== undefined) {
        const agent = caps.agents.get(step.agent);
        if (agent === undefined) problems.push(`${at}: the graph has no agent "${step.agent}" (agents: ${list(agentNames)})`);
        else if (!agent.tools.has(step.tool))
          problems.push(`${at}: agent "${step.agent}" has no tool "${step.tool}" (its tools: ${list([...agent.tools])})`);
      } else if (!caps.tools.has(step.tool)) problems.push(`${at}: no agent has a tool "${step.tool}" (tools: ${list([...caps.tools])})`);
      return;
    }
    if (!caps.agents.has(step.transfer)) {
      problems.push(`${at}: cannot transfer to "${step.transfer}": the graph has no such agent (agents: ${list(agentNames)})`);
      return;
    }
    if (step.from !== undefined) {
      const from = caps.agents.get(step.from);
      if (from === undefined) problems.push(`${at}: the graph has no agent "${step.from}" (agents: ${list(agentNames)})`);
      else if (!from.transferTargets.has(step.transfer))
        problems.push(
          `${at}: agent "${step.from}" cannot transfer to "${step.transfer}" (it can transfer to: ${list([...from.transferTargets])})`,
        );
      return;
    }
    if (![...caps.agents.values()].some((a) => a.transferTargets.has(step.transfer)))
      problems.push(`${at}: no agent can transfer to "${step.transfer}"`);
  });
  return problems;
}

function list(names: readonly string[]): string {
  return names.length === 0 ? 'none' : names.join(', ');
}
