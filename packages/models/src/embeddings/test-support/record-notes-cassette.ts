// Records notes.embeddings.jsonl, the cassette embedding-cassette.test.ts replays:
//   rm src/embeddings/test-support/notes.embeddings.jsonl && npx tsx src/embeddings/test-support/record-notes-cassette.ts
import { fileURLToPath } from 'node:url';
import { recordEmbedder } from '../record-embedder.ts';
import { letterEmbedder } from './letter-embedder.ts';
import { NOTES_CALLS } from './notes-calls.ts';

const embedder = recordEmbedder(letterEmbedder(), fileURLToPath(new URL('notes.embeddings.jsonl', import.meta.url)));
for (const texts of NOTES_CALLS) await embedder.embed(texts);
