import type { Message, ToolSpec } from '@weft/chat-model';
import type { AiSdkFunctionTool, AiSdkMessage, AiSdkPrompt } from './ai-sdk-language-model.ts';

/**
 * Weft messages in the AI SDK provider prompt format (the subset shared by
 * spec v2, v3 and v4): text only, tool calls with parsed JSON input, tool
 * results as text. Consecutive tool messages become one `tool` message, as
 * providers expect all results of one assistant turn together.
 */
export function toAiSdkPrompt(messages: readonly Message[]): AiSdkPrompt {
  const prompt: AiSdkPrompt = [];
  for (const message of messages) {
    const next = toPromptMessage(message);
    const last = prompt.at(-1);
    if (next.role === 'tool' && last?.role === 'tool') last.content.push(...next.content);
    else prompt.push(next);
  }
  return prompt;
}

function toPromptMessage(message: Message): AiSdkMessage {
  switch (message.role) {
    case 'system':
      return { role: 'system', content: message.content };
    case 'user':
      return { role: 'user', content: [{ type: 'text', text: message.content }] };
    case 'assistant': {
      const calls = message.toolCalls ?? [];
      const text = message.content || calls.length === 0 ? [{ type: 'text' as const, text: message.content }] : [];
      const toolCalls = calls.map((call) => ({
        type: 'tool-call' as const,
        toolCallId: call.id,
        toolName: call.name,
        input: parseArguments(call.arguments),
      }));
      return { role: 'assistant', content: [...text, ...toolCalls] };
    }
    case 'tool':
      return {
        role: 'tool',
        content: [
          {
            type: 'tool-result',
            toolCallId: message.toolCallId ?? '',
            toolName: message.name ?? '',
            output: { type: 'text', value: message.content },
          },
        ],
      };
  }
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
