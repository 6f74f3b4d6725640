/** What is wrong with an `instrumentation` option, if anything. */
export function instrumentationProblem(value: unknown): string | undefined {
  if (value === undefined) return undefined;
  if (!Array.isArray(value)) return 'instrumentation must be a list of instrumentations (each with startRun(run))';
  const bad = value.findIndex((i) => typeof (i as { startRun?: unknown } | null)?.startRun !== 'function');
  return bad === -1 ? undefined : `instrumentation[${bad}] has no startRun(run) method`;
}
