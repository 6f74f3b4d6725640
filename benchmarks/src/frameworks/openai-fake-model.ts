/**
 * A fake model for the OpenAI Agents SDK (no LLM, no network): the SDK's
 * `Model` interface (getResponse / getStreamedResponse) implemented by a
 * function of the request, which returns function calls or a text message.
 */
import { Usage, type Model, type ModelRequest, type ModelResponse, type StreamEvent } from '@openai/agents';

type Output = ModelResponse['output'];

export const textOutput = (text: string): Output => [
  { type: 'message', role: 'assistant', status: 'completed', content: [{ type: 'output_text', text }] },
];

export const callOutput = (name: string, args: Record<string, unknown>, callId: string): Output => [
  { type: 'function_call', callId, name, arguments: JSON.stringify(args), status: 'completed' },
];

export class FakeModel implements Model {
  readonly #respond: (request: ModelRequest) => Output;

  constructor(respond: (request: ModelRequest) => Output) {
    this.#respond = respond;
  }

  async getResponse(request: ModelRequest): Promise<ModelResponse> {
    return { usage: new Usage(), output: this.#respond(request) };
  }

  // eslint-disable-next-line require-yield -- the benchmark never streams
  async *getStreamedResponse(): AsyncIterable<StreamEvent> {
    throw new Error('FakeModel: streaming is not benchmarked');
  }
}

/** Function-call results already in the request's input: how many tool turns are done. */
export function toolResults(request: ModelRequest): number {
  if (typeof request.input === 'string') return 0;
  let n = 0;
  for (const item of request.input) if (item.type === 'function_call_result') n++;
  return n;
}

/** Texts of the message items in the request's input, in order (a string input is one user message). */
export function inputTexts(request: ModelRequest): string[] {
  if (typeof request.input === 'string') return [request.input];
  return request.input.flatMap((item) => {
    if (item.type !== 'message') return [];
    const { content } = item;
    return [typeof content === 'string' ? content : content.map((part) => ('text' in part ? part.text : '')).join('')];
  });
}
