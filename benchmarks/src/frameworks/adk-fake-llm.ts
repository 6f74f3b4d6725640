/**
 * A fake model for Google ADK (no LLM, no network): a `BaseLlm` subclass whose
 * `generateContentAsync` yields one `LlmResponse` built by `respond` from the
 * request, either a text part or a function call part.
 */
import { BaseLlm, isFinalResponse } from '@google/adk';
import type { BaseLlmConnection, Event, LlmRequest, LlmResponse } from '@google/adk';

type Content = NonNullable<LlmResponse['content']>;

export const textContent = (text: string): Content => ({ role: 'model', parts: [{ text }] });
export const callContent = (name: string, args: Record<string, unknown>, id: string): Content => ({
  role: 'model',
  parts: [{ functionCall: { name, args, id } }],
});

export class FakeLlm extends BaseLlm {
  readonly #respond: (request: LlmRequest) => Content;

  constructor(respond: (request: LlmRequest) => Content) {
    super({ model: 'fake' });
    this.#respond = respond;
  }

  async *generateContentAsync(request: LlmRequest): AsyncGenerator<LlmResponse, void> {
    yield { content: this.#respond(request), turnComplete: true };
  }

  async connect(): Promise<BaseLlmConnection> {
    throw new Error('FakeLlm: live mode is not benchmarked');
  }
}

/** Function responses for `tool` already in the request: how many tool turns are done. */
export function toolResponses(request: LlmRequest, tool: string): number {
  let n = 0;
  for (const c of request.contents) for (const p of c.parts ?? []) if (p.functionResponse?.name === tool) n++;
  return n;
}

/** Final text replies of a run, in event order, with their authors. */
export function finalTexts(events: readonly Event[]): { author: string; text: string }[] {
  return events.flatMap((e) => {
    const text = e.content?.parts?.map((p) => p.text ?? '').join('') ?? '';
    return isFinalResponse(e) && text && !e.partial ? [{ author: e.author ?? '', text }] : [];
  });
}
