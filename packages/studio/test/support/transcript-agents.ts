/**
 * Agents the transcript's browser tests and its render measurement run: one
 * whose model calls a tool many times in one answer (a run of thousands of
 * events), one that streams its answer a chunk at a time when the test says,
 * one with an outputSchema.
 */
import { chatModelAgent, tool, type ChatModel } from '@weft/agents';
import { z } from 'zod';

/** A model from a function of the messages: generate answers it whole, stream as one chunk. */
function modelOf(
  name: string,
  answer: (messages: readonly { role: string }[]) => { content: string; toolCalls?: { id: string; name: string; arguments: string }[] },
): ChatModel {
  return {
    name,
    generate: async (messages) => ({ role: 'assistant', ...answer(messages) }),
    stream: async function* (messages) {
      const { content, toolCalls } = answer(messages);
      yield { content, toolCalls: toolCalls?.map((c, index) => ({ index, ...c })), finishReason: toolCalls ? 'tool-calls' : 'stop' };
    },
  };
}

/** Counter: its first answer calls `count` `calls` times ({ n: 0 } … { n: calls - 1 }), its second says how many came back. */
export function manyCallsAgent(calls: number) {
  const count = tool({
    name: 'count',
    description: 'Says the number back.',
    parameters: z.object({ n: z.number().int() }),
    execute: ({ n }) => `counted ${n}`,
  });
  const model = modelOf('scripted:Counter', (messages) =>
    messages.some((m) => m.role === 'tool')
      ? { content: `${messages.filter((m) => m.role === 'tool').length} calls came back.` }
      : {
          content: '',
          toolCalls: Array.from({ length: calls }, (_, n) => ({ id: `call_${n}`, name: 'count', arguments: JSON.stringify({ n }) })),
        },
  );
  return chatModelAgent({ name: 'Counter', description: 'Counts.', instruction: 'Count.', model, tools: [count], maxIterations: 3 });
}

/** The streamed answer's pieces, in order. */
export const STREAMED = ['The answer', ' grows', ' a piece at a time.'];

/**
 * Narrator streams STREAMED, one piece each time `next()` resolves (the test
 * calls it once it saw the piece before on the page).
 */
export function streamingAgent(next: () => Promise<void>) {
  const model: ChatModel = {
    name: 'scripted:Narrator',
    generate: async () => ({ role: 'assistant', content: STREAMED.join('') }),
    stream: async function* () {
      for (const [i, content] of STREAMED.entries()) {
        if (i > 0) await next();
        yield { content, ...(i === STREAMED.length - 1 ? { finishReason: 'stop' as const } : {}) };
      }
    },
  };
  return chatModelAgent({ name: 'Narrator', description: 'Tells.', instruction: 'Tell.', model });
}

/** Forecaster answers with JSON its outputSchema validates. */
export function structuredAgent() {
  const model = modelOf('scripted:Forecaster', () => ({ content: '{"city":"Paris","celsius":21,"sky":["sun","clouds"]}' }));
  return chatModelAgent({
    name: 'Forecaster',
    description: 'Forecasts.',
    instruction: 'Forecast.',
    model,
    outputSchema: z.object({ city: z.string(), celsius: z.number(), sky: z.array(z.string()) }),
  });
}
