import { scriptedModel } from '@weft/models';
import { describe, expect, it } from 'vitest';
import { chatModelAgent, checkContent, Runner, sequential, userMessage, type ChatModel, type Message } from '../index.ts';

const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47]);
const look = userMessage([
  { type: 'text', text: 'What is in the picture?' },
  { type: 'image', mediaType: 'image/png', data: png },
]);

describe('agents with content parts', () => {
  it("a user's image reaches the model as a part; a reasoning answer is kept as parts and its text is the output", async () => {
    const model = scriptedModel([{ text: 'A cat.', reasoning: 'Whiskers, ears.' }]);
    const agent = chatModelAgent({ name: 'Looker', description: 'Looks.', instruction: 'Describe images.', model });
    const done = await new Runner({ agent }).run([look]);
    expect(done.status).toBe('done');
    expect(model.calls[0]!.messages).toEqual([{ role: 'system', content: 'Describe images.' }, look]);
    if (done.status !== 'done') return;
    expect(done.finalOutput).toBe('A cat.');
    expect(done.finalMessage.content).toEqual([
      { type: 'reasoning', text: 'Whiskers, ears.' },
      { type: 'text', text: 'A cat.' },
    ]);
  });

  it("the next agent of a sequence sees the first one's image as a part of its context message", async () => {
    const chart = new Uint8Array([1, 2, 3]);
    const artist = chatModelAgent({
      name: 'Artist',
      description: 'Draws.',
      model: scriptedModel([
        {
          parts: [
            { type: 'text', text: 'Here' },
            { type: 'image', mediaType: 'image/png', data: chart },
          ],
        },
      ]),
    });
    const criticModel = scriptedModel([{ text: 'Nice.' }]);
    const critic = chatModelAgent({ name: 'Critic', description: 'Judges.', model: criticModel });
    await new Runner({ agent: sequential({ name: 'Studio', description: 'Draw, then judge.', subAgents: [artist, critic] }) }).query(
      'Draw a chart.',
    );
    expect(criticModel.calls[0]!.messages.at(-1)).toEqual(
      userMessage([
        { type: 'text', text: 'For context: [Artist] said: Here.' },
        { type: 'image', mediaType: 'image/png', data: chart },
      ]),
    );
  });

  it('a model that takes text only fails the run with UNSUPPORTED_CONTENT, never answering', async () => {
    let answered = 0;
    const textOnly: ChatModel = {
      name: 'text-only',
      async generate(messages) {
        checkContent(messages, this);
        answered++;
        return { role: 'assistant', content: 'never' } satisfies Message;
      },
      async *stream(messages) {
        checkContent(messages, this);
        answered++;
        yield { content: 'never' };
      },
    };
    const agent = chatModelAgent({ name: 'Looker', description: 'Looks.', model: textOnly });
    const done = await new Runner({ agent }).run([look]);
    expect(done.status).toBe('error');
    expect(answered).toBe(0);
    expect(JSON.stringify(done)).toContain('UNSUPPORTED_CONTENT');
    expect(JSON.stringify(done)).toContain('message 0, part 1 is an image part; model \\"text-only\\" takes text only');
  });
});
