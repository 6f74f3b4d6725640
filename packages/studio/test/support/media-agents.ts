/**
 * What the content parts' tests run and send: a small real PNG (random
 * pixels, so it stays over the checkpoint blob threshold once compressed),
 * a PDF, an SVG with a script, and agents whose model takes images, files
 * and audio (or text only), answering with what it was given.
 */
import { createHash, randomBytes } from 'node:crypto';
import { crc32, deflateSync } from 'node:zlib';
import { chatModelAgent, checkContent, textOf, trimToTokens, type ChatModel, type ContentPartType, type Message } from '@weft/agents';

/** A width × height RGB PNG of random pixels: deflate cannot shrink it, so it is about 3·w·h bytes. */
export function randomPng(width: number, height: number): Buffer {
  const rows = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) randomBytes(width * 3).copy(rows, y * (width * 3 + 1) + 1);
  return png(width, height, rows);
}

/** A PNG of filtered RGB rows (each row a 0 filter byte, then its pixels). */
function png(width: number, height: number, rows: Buffer): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A width × height RGB PNG of a bar chart (four bars on white): a picture a person recognises in a screenshot. */
export function chartPng(width: number, height: number): Buffer {
  const colors = [
    [0x4c, 0x6e, 0xf5],
    [0x12, 0xb8, 0x86],
    [0xf5, 0x9f, 0x00],
    [0xe0, 0x31, 0x31],
  ];
  const heights = [0.45, 0.8, 0.6, 0.3];
  const rows = Buffer.alloc((width * 3 + 1) * height, 0xff);
  for (let y = 0; y < height; y++) {
    rows[y * (width * 3 + 1)] = 0;
    for (let x = 0; x < width; x++) {
      const bar = Math.floor((x / width) * 4);
      const inBar = x % Math.floor(width / 4) > width / 24 && height - y < heights[bar]! * height;
      if (inBar) rows.set(colors[bar]!, y * (width * 3 + 1) + 1 + x * 3);
    }
  }
  return png(width, height, rows);
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A one-page PDF saying `text`. */
export function smallPdf(text: string): Buffer {
  return Buffer.from(
    `%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj 3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 100]>>endobj\n% ${text}\n%%EOF\n`,
  );
}

/** An SVG that runs script where it is rendered as a document. */
export const HOSTILE_SVG = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>window.__pwned = 1</script><rect width="10" height="10"/></svg>',
);

export const sha256Of = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** The parts of the last user message, as the model's answer says them: `saw: text, image image/png 49,215 bytes, …`. */
function describeLast(messages: readonly Message[]): string {
  const last = [...messages].reverse().find((m) => m.role === 'user');
  if (!last || typeof last.content === 'string') return `saw: ${last ? textOf(last) : 'nothing'}`;
  const said = last.content.map((p) =>
    p.type === 'text' ? 'text' : 'data' in p ? `${p.type} ${p.mediaType} ${p.data.byteLength.toLocaleString('en-US')} bytes` : p.type,
  );
  return `saw: ${said.join(', ')}`;
}

/** A model that takes `accepts` (refusing other parts before answering, as the adapters do) and answers with what the last user message held. */
export function describingModel(name: string, accepts: readonly ContentPartType[]): ChatModel {
  const answer = (messages: readonly Message[]) => {
    checkContent(messages, { name, accepts });
    return { role: 'assistant' as const, content: describeLast(messages) };
  };
  return {
    name,
    accepts,
    generate: async (messages) => answer(messages),
    stream: async function* (messages) {
      yield { content: answer(messages).content, finishReason: 'stop' as const };
    },
  };
}

/** Looker: its model takes images, files and audio. */
export const lookerAgent = () =>
  chatModelAgent({
    name: 'Looker',
    description: 'Says what it was sent.',
    model: describingModel('scripted:vision', ['image', 'file', 'audio']),
  });

/** Reader: its model takes text only (an image is UNSUPPORTED_CONTENT before it is called). */
export const textOnlyAgent = () =>
  chatModelAgent({ name: 'Reader', description: 'Reads text.', model: describingModel('scripted:text', []) });

/** Keeper: its input is trimmed to `maxTokens`, each trim a context event. */
export const trimmingAgent = (maxTokens: number) =>
  chatModelAgent({
    name: 'Keeper',
    description: 'Keeps to a small window.',
    model: describingModel('scripted:small-window', []),
    context: [trimToTokens(maxTokens, { tokenizer: 'estimate' })],
  });
