import { describe, expect, it } from 'vitest';
import { inputMessages } from './input-messages.ts';
import { outputMessages } from './output-messages.ts';

describe('content parts in the GenAI message attributes', () => {
  it('input: text and reasoning as they are, media by URL as uri parts, bytes by media type and size only', () => {
    const png = new Uint8Array(4_033);
    const json = inputMessages([
      {
        role: 'user',
        content: [
          { type: 'text', text: 'What is this?' },
          { type: 'image', mediaType: 'image/png', data: png },
          { type: 'image', url: 'https://example.com/a.png' },
          { type: 'file', mediaType: 'application/pdf', url: 'https://example.com/r.pdf' },
        ],
      },
      {
        role: 'assistant',
        content: [
          { type: 'reasoning', text: 'A logo.' },
          { type: 'text', text: 'The MCP logo.' },
        ],
      },
      {
        role: 'tool',
        toolCallId: 'c1',
        name: 'get',
        content: [
          { type: 'text', text: '{"ok":true}' },
          { type: 'audio', mediaType: 'audio/wav', data: png },
        ],
      },
    ]);
    expect(JSON.parse(json)).toEqual([
      {
        role: 'user',
        parts: [
          { type: 'text', content: 'What is this?' },
          { type: 'blob', modality: 'image', mime_type: 'image/png', size: 4033 },
          { type: 'uri', modality: 'image', uri: 'https://example.com/a.png' },
          { type: 'uri', modality: 'file', mime_type: 'application/pdf', uri: 'https://example.com/r.pdf' },
        ],
      },
      {
        role: 'assistant',
        parts: [
          { type: 'reasoning', content: 'A logo.' },
          { type: 'text', content: 'The MCP logo.' },
        ],
      },
      { role: 'tool', parts: [{ type: 'tool_call_response', id: 'c1', response: { ok: true } }] },
    ]);
    expect(json).not.toContain('AAAA');
  });

  it('output: a reasoning answer keeps its reasoning and text parts in order', () => {
    const json = outputMessages({
      content: [
        { type: 'reasoning', text: 'Two and two.' },
        { type: 'text', text: 'Four.' },
      ],
      finishReason: 'stop',
    });
    expect(JSON.parse(json)).toEqual([
      {
        role: 'assistant',
        parts: [
          { type: 'reasoning', content: 'Two and two.' },
          { type: 'text', content: 'Four.' },
        ],
        finish_reason: 'stop',
      },
    ]);
  });
});
