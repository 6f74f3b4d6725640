/**
 * A fake tool-calling chat model for LangGraph (no LLM, no network).
 * @langchain/core's fakes do not fit: FakeListChatModel cannot return tool
 * calls, and FakeStreamingChatModel always returns its first scripted message.
 * This is the minimal BaseChatModel subclass: `_generate` answers with
 * whatever AIMessage `respond` builds from the messages it was sent, and
 * `bindTools` returns the model itself (its answers already name the tools).
 */
import { BaseChatModel } from '@langchain/core/language_models/chat_models';
import { AIMessage, type BaseMessage } from '@langchain/core/messages';
import type { ChatResult } from '@langchain/core/outputs';

export type Respond = (messages: readonly BaseMessage[]) => AIMessage;

export class FakeToolCallingModel extends BaseChatModel {
  readonly #respond: Respond;

  constructor(respond: Respond) {
    super({});
    this.#respond = respond;
  }

  _llmType(): string {
    return 'fake-tool-calling';
  }

  async _generate(messages: BaseMessage[]): Promise<ChatResult> {
    const message = this.#respond(messages);
    return { generations: [{ text: message.text, message }] };
  }

  override bindTools(): this {
    return this;
  }
}

/** A model that always answers with this text. */
export const textModel = (text: string): FakeToolCallingModel => new FakeToolCallingModel(() => new AIMessage(text));

/** A model that always calls `name(args)` once. */
export const callModel = (name: string, args: Record<string, unknown>, id: string): FakeToolCallingModel =>
  new FakeToolCallingModel(() => new AIMessage({ content: '', tool_calls: [{ name, args, id, type: 'tool_call' }] }));
