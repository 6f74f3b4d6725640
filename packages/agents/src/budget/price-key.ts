import type { ChatModel } from '@weft/chat-model';

/** The id a model is priced by: the model its requests name (an adapter's `info.request.model`), else its name. */
export function priceKey(model: ChatModel): string {
  return model.info?.request?.model ?? model.name;
}
