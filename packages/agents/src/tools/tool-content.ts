import type { ContentPart } from '@weft/chat-model';

/**
 * A tool result the model receives as content parts rather than as text: an
 * image a tool rendered, audio it recorded, a PDF it fetched, with text
 * around them. Return one from `execute`; any other value reaches the model
 * as text (a string as it is, anything else as JSON). The model must accept
 * the parts' types (`ChatModel.accepts`), or its next call fails with
 * UNSUPPORTED_CONTENT before the request.
 *
 * @example
 * const chart = tool({
 *   name: 'render_chart',
 *   description: 'Renders the sales chart.',
 *   parameters: z.object({}),
 *   execute: async () => toolContent([{ type: 'text', text: 'The chart:' }, { type: 'image', mediaType: 'image/png', data: await render() }]),
 * });
 */
export class ToolContent {
  readonly parts: ContentPart[];

  constructor(parts: ContentPart[]) {
    this.parts = parts;
  }
}

/** A tool result of content parts (see {@link ToolContent}). */
export const toolContent = (parts: ContentPart[]): ToolContent => new ToolContent(parts);
