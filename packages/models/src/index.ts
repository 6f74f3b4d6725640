/**
 * @weft/models — chat models for @weft/agents.
 *
 * `scriptedModel` answers from a list: deterministic runs for tests, demos and
 * benchmarks, and a record of exactly what an agent sent.
 *
 * @example
 * import { scriptedModel } from '@weft/models';
 *
 * const model = scriptedModel(
 *   [
 *     { toolCalls: [{ name: 'get_weather', arguments: { city: 'Beijing' } }] }, // id: call_1_0
 *     { chunks: ['Sunny, ', '25°C.'], usage: { inputTokens: 42, outputTokens: 6 } },
 *   ],
 *   { name: 'weather' },
 * );
 * // … run an agent with it, then:
 * model.calls[1]?.messages; // what the agent sent on the second call, tool result included
 */

// Scripted model
export { scriptedModel } from './scripted-model.ts';
export type { ScriptedModel, ScriptedModelOptions, RecordedModelCall } from './scripted-model.ts';
export type {
  ScriptItem,
  ScriptAnswer,
  TextAnswer,
  ToolCallsAnswer,
  ChunksAnswer,
  ErrorAnswer,
  AnswerOptions,
  ScriptedToolCall,
  ScriptFunction,
  ScriptCallInfo,
} from './script-item.ts';

// Errors
export { ModelError } from './errors.ts';
export type { ModelErrorCode } from './errors.ts';
