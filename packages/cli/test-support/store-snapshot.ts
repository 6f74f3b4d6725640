import { copyFileSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';

const SUFFIXES = ['', '-wal', '-shm'];

/**
 * A copy of a closed SQLite store (the file and its WAL, if any), to put
 * back before each of several commands: each then runs against the store as
 * it was, not as the one before left it.
 */
export function snapshotStore(file: string): { restore(): void; dispose(): void } {
  const dir = mkdtempSync(join(tmpdir(), 'weft-snap-'));
  const saved = SUFFIXES.filter((s) => existsSync(file + s));
  for (const s of saved) copyFileSync(file + s, join(dir, basename(file) + s));
  return {
    restore() {
      for (const s of SUFFIXES) rmSync(file + s, { force: true });
      for (const s of saved) copyFileSync(join(dir, basename(file) + s), file + s);
    },
    dispose: () => rmSync(dir, { recursive: true, force: true }),
  };
}
