import type { Usage } from '@weft/graph';
import { expect } from 'vitest';

/** What a run spent as a whole Usage, the fields not given 0 and wallMs any number (real time). */
export const usageCounts = (over: Partial<Usage>): Usage => ({
  tokens: 0,
  inputTokens: 0,
  outputTokens: 0,
  costUsd: 0,
  modelCalls: 0,
  toolCalls: 0,
  wallMs: expect.any(Number) as never,
  ...over,
});
