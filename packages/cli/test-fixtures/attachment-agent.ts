/**
 * Two agents that are sent attachments. `agent`'s model answers with what it
 * received: the user message's parts, each with its type, media type, name,
 * size and the sha-256 of its bytes, so a test sees exactly what reached the
 * model. `textOnly`'s model takes text only and refuses the rest before
 * answering, as every model in @weft/models does (checkContent).
 */
import { createHash } from 'node:crypto';
import { checkContent, chatModelAgent, partsOf, type ChatModel } from '@weft/agents';
import { scriptedModel } from '@weft/models';

export const agent = chatModelAgent({
  name: 'Viewer',
  description: 'Says what it was sent.',
  model: scriptedModel(
    [
      (messages) => {
        const parts = partsOf(messages.findLast((m) => m.role === 'user')?.content ?? '');
        const seen = parts.map((p) => {
          if (p.type === 'text' || p.type === 'reasoning') return `${p.type} ${JSON.stringify(p.text)}`;
          const name = p.type === 'file' && p.name ? ` ${p.name}` : '';
          if (!('data' in p)) return `${p.type} ${p.mediaType ?? ''} url`;
          const sha = createHash('sha256').update(p.data).digest('hex');
          return `${p.type} ${p.mediaType}${name} ${p.data.byteLength} bytes sha256:${sha}`;
        });
        return { text: `received ${messages.length} message(s): ${seen.join(' | ')}` };
      },
    ],
    { repeatLast: true },
  ),
});

const answer = { role: 'assistant' as const, content: 'I only read text.' };
const textModel: ChatModel = {
  name: 'text-reader',
  accepts: [],
  async generate(messages) {
    checkContent(messages, textModel);
    return answer;
  },
  async *stream(messages) {
    checkContent(messages, textModel);
    yield { content: answer.content };
  },
};

export const textOnly = chatModelAgent({ name: 'Reader', description: 'Reads text only.', model: textModel });
