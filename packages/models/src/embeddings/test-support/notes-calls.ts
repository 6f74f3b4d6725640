/**
 * The calls recorded in notes.embeddings.jsonl: what a memory bank sends when
 * three notes are put (one call each) and then searched for, and one long
 * document (over 1 KiB, so the cassette keeps its hash, not its text).
 */
export const NOTES_CALLS: readonly (readonly string[])[] = [
  ['The user prefers answers in metric units.'],
  ['Standup moved to 9:30 on Tuesdays.'],
  ['Deploys need a green build and one approval.'],
  ['what units does the user like?'],
  [`Runbook: ${'restart the worker, check the queue depth, then page the owner. '.repeat(20)}`],
];
