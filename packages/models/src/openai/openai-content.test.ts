import { concatMessageChunks, userMessage, type Message, type MessageChunk } from '@weft/chat-model';
import { describe, expect, it } from 'vitest';
import { useFakeOpenAI } from './test-support/use-fake-openai.ts';
import { chunk, completion, finishChunk, json, sse, sseText } from './test-support/fake-openai-server.ts';

const setup = useFakeOpenAI();
const noTools = () => ({ tools: [], signal: new AbortController().signal });
const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const pngBase64 = 'iVBORw0KGgo=';
const response = { id: 'chatcmpl-1', model: 'test-model' };

async function collect(stream: AsyncIterable<MessageChunk>): Promise<MessageChunk[]> {
  const chunks: MessageChunk[] = [];
  for await (const c of stream) chunks.push(c);
  return chunks;
}

describe('openAIChatModel: content parts on the wire', () => {
  it('sends a user image as image_url (bytes as a data: URL, a URL as it is), audio as input_audio, a PDF as file', async () => {
    const { model, server } = await setup([json(completion('A cat.'))]);
    const pdf = new TextEncoder().encode('%PDF-1.7');
    await model.generate(
      [
        { role: 'system', content: 'Describe.' },
        userMessage([
          { type: 'text', text: 'What is in these?' },
          { type: 'image', mediaType: 'image/png', data: png },
          { type: 'image', url: 'https://example.com/cat.jpg' },
          { type: 'audio', mediaType: 'audio/wav', data: png },
          { type: 'file', mediaType: 'application/pdf', name: 'report.pdf', data: pdf },
        ]),
      ],
      noTools(),
    );
    expect(server.requests).toHaveLength(1);
    expect(server.requests[0]!.body).toEqual({
      model: 'test-model',
      messages: [
        { role: 'system', content: 'Describe.' },
        {
          role: 'user',
          content: [
            { type: 'text', text: 'What is in these?' },
            { type: 'image_url', image_url: { url: `data:image/png;base64,${pngBase64}` } },
            { type: 'image_url', image_url: { url: 'https://example.com/cat.jpg' } },
            { type: 'input_audio', input_audio: { data: pngBase64, format: 'wav' } },
            {
              type: 'file',
              file: { file_data: `data:application/pdf;base64,${Buffer.from(pdf).toString('base64')}`, filename: 'report.pdf' },
            },
          ],
        },
      ],
    });
  });

  it('refuses an image for a model that takes text only: UNSUPPORTED_CONTENT, and no request is made', async () => {
    const { model, server } = await setup([json(completion('never'))], { accepts: [] });
    const messages: Message[] = [
      userMessage('hi'),
      userMessage([
        { type: 'text', text: 'and this?' },
        { type: 'image', url: 'https://example.com/a.png' },
      ]),
    ];
    await expect(model.generate(messages, noTools())).rejects.toMatchObject({
      code: 'UNSUPPORTED_CONTENT',
      message:
        'message 1, part 1 is an image part; model "test-model" takes text only: use a model that accepts image parts, or remove the part',
      details: { model: 'test-model', messageIndex: 1, partIndex: 1, partType: 'image', accepts: [] },
    });
    await expect(collect(model.stream(messages, noTools()))).rejects.toMatchObject({ code: 'UNSUPPORTED_CONTENT' });
    expect(model.accepts).toEqual([]);
    expect(server.requests).toHaveLength(0);
  });

  it('refuses a file by URL (Chat Completions takes file bytes) and audio it has no format for, before any request', async () => {
    const { model, server } = await setup([json(completion('never'))]);
    const byUrl = userMessage([{ type: 'file', mediaType: 'application/pdf', url: 'https://example.com/r.pdf' }]);
    await expect(model.generate([byUrl], noTools())).rejects.toMatchObject({ code: 'INVALID_ARGUMENT' });
    const ogg = userMessage([{ type: 'audio', mediaType: 'audio/ogg', data: png }]);
    await expect(model.generate([ogg], noTools())).rejects.toMatchObject({
      code: 'INVALID_ARGUMENT',
      message: 'model "test-model": Chat Completions takes wav or mp3 audio, got audio/ogg: convert it first',
    });
    expect(server.requests).toHaveLength(0);
  });
});

describe('openAIChatModel: reasoning', () => {
  const withReasoning = (field: 'reasoning_content' | 'reasoning') => {
    const body = completion('Four.');
    const message = body.choices[0]!.message as Record<string, unknown>;
    message[field] = 'Two and two.';
    return body;
  };

  it('reads reasoning_content into a reasoning part and sends it back on the next request when sendReasoning says so', async () => {
    const { model, server } = await setup([json(withReasoning('reasoning_content')), json(completion('Yes.'))], {
      sendReasoning: 'reasoning_content',
    });
    const answer = await model.generate([userMessage('2+2?')], noTools());
    expect(answer).toEqual({
      role: 'assistant',
      content: [
        { type: 'reasoning', text: 'Two and two.' },
        { type: 'text', text: 'Four.' },
      ],
      finishReason: 'stop',
      response,
    });
    await model.generate([userMessage('2+2?'), answer, userMessage('Sure?')], noTools());
    expect(server.requests[1]!.body['messages']).toEqual([
      { role: 'user', content: '2+2?' },
      { role: 'assistant', content: 'Four.', reasoning_content: 'Two and two.' },
      { role: 'user', content: 'Sure?' },
    ]);
  });

  it('reads the `reasoning` field too; without sendReasoning the reasoning stays out of the request', async () => {
    const { model, server } = await setup([json(withReasoning('reasoning')), json(completion('Yes.'))]);
    const answer = await model.generate([userMessage('2+2?')], noTools());
    expect(answer.content).toEqual([
      { type: 'reasoning', text: 'Two and two.' },
      { type: 'text', text: 'Four.' },
    ]);
    await model.generate([userMessage('2+2?'), answer], noTools());
    expect(server.requests[1]!.body['messages']).toEqual([
      { role: 'user', content: '2+2?' },
      { role: 'assistant', content: 'Four.' },
    ]);
  });

  it('streams reasoning deltas as reasoning chunks; concatMessageChunks makes the reasoning part', async () => {
    const { model } = await setup([
      sse(
        sseText([
          chunk({ role: 'assistant', reasoning_content: 'Two ' }),
          chunk({ reasoning_content: 'and two.' }),
          chunk({ reasoning: null, content: 'Four.' }),
          finishChunk('stop'),
        ]),
      ),
    ]);
    const chunks = await collect(model.stream([userMessage('2+2?')], noTools()));
    expect(chunks.filter((c) => c.reasoning !== undefined).map((c) => c.reasoning)).toEqual(['Two ', 'and two.']);
    const { response: _id, ...message } = concatMessageChunks(chunks);
    expect(message).toEqual({
      role: 'assistant',
      content: [
        { type: 'reasoning', text: 'Two and two.' },
        { type: 'text', text: 'Four.' },
      ],
      finishReason: 'stop',
    });
  });
});
