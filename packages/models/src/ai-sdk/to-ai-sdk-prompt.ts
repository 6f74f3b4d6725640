import { partsOf, textOf, type ContentPart, type Message, type ToolSpec } from '@weft/chat-model';
import type {
  AiSdkProviderOptions,
  AiSdkFileData,
  AiSdkFilePart,
  AiSdkV4FileData,
  AiSdkFunctionTool,
  AiSdkMessage,
  AiSdkPrompt,
  AiSdkReasoningPart,
  AiSdkTextPart,
} from './ai-sdk-language-model.ts';

/** Prompt-cache marks: the indices of the messages to mark (`ModelCallOptions.cacheBreakpoints`) and the options that mark one. */
export interface CacheMarks {
  at: readonly number[];
  options: AiSdkProviderOptions;
}

/**
 * Weft messages in the AI SDK provider prompt format (the subset shared by
 * spec v2, v3 and v4): a user's images, documents and audio as `file` parts,
 * an assistant's reasoning as `reasoning` parts, tool calls with parsed JSON
 * input, tool results as text (the spec versions disagree on media in tool
 * results). Consecutive tool messages become one `tool` message, as
 * providers expect all results of one assistant turn together.
 *
 * `marks` puts its options on the prompt message each marked index ended up
 * in. A mark on a tool result inside a merged group lands on the group: the
 * provider's cache point then ends after the turn's last result, which every
 * later call sends along with the rest anyway.
 */
export function toAiSdkPrompt<Data>(messages: readonly Message[], fileData: FileData<Data>, marks?: CacheMarks): AiSdkPrompt<Data> {
  const prompt: AiSdkPrompt<Data> = [];
  // Where each Weft message went: its prompt message's index.
  const at: number[] = [];
  for (const message of messages) {
    const next = toPromptMessage(message, fileData);
    const last = prompt.at(-1);
    if (next.role === 'tool' && last?.role === 'tool') last.content.push(...next.content);
    else prompt.push(next);
    at.push(prompt.length - 1);
  }
  for (const index of marks?.at ?? []) {
    const marked = prompt[at[index]!];
    if (marked) marked.providerOptions = marks!.options;
  }
  return prompt;
}

function toPromptMessage<Data>(message: Message, fileData: FileData<Data>): AiSdkMessage<Data> {
  switch (message.role) {
    case 'system':
      return { role: 'system', content: textOf(message) };
    case 'user':
      return { role: 'user', content: userParts(message, fileData) };
    case 'assistant': {
      const calls = message.toolCalls ?? [];
      const content = textOf(message);
      const reasoning: AiSdkReasoningPart[] = partsOf(message.content).flatMap((p) =>
        p.type === 'reasoning' ? [{ type: 'reasoning' as const, text: p.text }] : [],
      );
      const text = content || (calls.length === 0 && reasoning.length === 0) ? [{ type: 'text' as const, text: content }] : [];
      const toolCalls = calls.map((call) => ({
        type: 'tool-call' as const,
        toolCallId: call.id,
        toolName: call.name,
        input: parseArguments(call.arguments),
      }));
      return { role: 'assistant', content: [...reasoning, ...text, ...toolCalls] };
    }
    case 'tool':
      return {
        role: 'tool',
        content: [
          {
            type: 'tool-result',
            toolCallId: message.toolCallId ?? '',
            toolName: message.name ?? '',
            output: { type: 'text', value: textOf(message) },
          },
        ],
      };
  }
}

/** How a spec version carries a prompt file's bytes or URL. */
export type FileData<Data> = (value: Uint8Array | URL) => Data;

/** Spec v2 and v3: the bytes or the URL as they are. */
export const legacyFileData: FileData<AiSdkFileData> = (value) => value;

/** Spec v4: tagged as `{ type: 'data' }` or `{ type: 'url' }`. */
export const v4FileData: FileData<AiSdkV4FileData> = (value) =>
  value instanceof URL ? { type: 'url', url: value } : { type: 'data', data: value };

/** A user message's parts: text as text, every image, document and audio as a file part; reasoning is not a user's. */
function userParts<Data>(message: Message, fileData: FileData<Data>): Array<AiSdkTextPart | AiSdkFilePart<Data>> {
  if (typeof message.content === 'string') return [{ type: 'text', text: message.content }];
  return message.content.flatMap((part): Array<AiSdkTextPart | AiSdkFilePart<Data>> =>
    part.type === 'reasoning' ? [] : [toUserPart(part, fileData)],
  );
}

function toUserPart<Data>(
  part: Exclude<ContentPart, { type: 'reasoning' }>,
  fileData: FileData<Data>,
): AiSdkTextPart | AiSdkFilePart<Data> {
  if (part.type === 'text') return { type: 'text', text: part.text };
  const data = fileData('data' in part ? part.data : new URL(part.url));
  // An image given by URL alone: the spec's wildcard lets the provider work out which kind.
  const mediaType = part.mediaType ?? 'image/*';
  const file: AiSdkFilePart<Data> = { type: 'file', data, mediaType };
  if (part.type === 'file' && part.name !== undefined) file.filename = part.name;
  return file;
}

// Arguments that are not JSON (a model's malformed call) go back as the raw text.
function parseArguments(text: string): unknown {
  if (text.trim() === '') return {};
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** Weft tool specs as AI SDK function tools; `parameters` is already JSON Schema. */
export function toAiSdkTools(tools: readonly ToolSpec[]): AiSdkFunctionTool[] {
  return tools.map((t) => ({ type: 'function', name: t.name, description: t.description, inputSchema: t.parameters }));
}
