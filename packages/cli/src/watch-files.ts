import { watch, type FSWatcher } from 'node:fs';
import { dirname, join } from 'node:path';

/**
 * Watches a set of files and calls `changed` once a burst of changes to them
 * has settled (`settleMs` without another): an editor's save is often
 * several writes, or a write to a temporary file renamed over the original.
 * It watches the files' folders, not the files, so a file replaced by a
 * rename is still watched. `set` replaces the files (a reload may import
 * others); `close` stops everything.
 *
 * @example
 * const watch = new FileWatch(() => void reload(), 150);
 * watch.set(['/project/support.ts', '/project/support-agents.ts']);
 */
export class FileWatch {
  readonly #changed: (files: string[]) => void;
  readonly #settleMs: number;
  readonly #folders = new Map<string, FSWatcher>();
  #files = new Set<string>();
  #pending = new Set<string>();
  #timer: NodeJS.Timeout | undefined;

  constructor(changed: (files: string[]) => void, settleMs: number) {
    this.#changed = changed;
    this.#settleMs = settleMs;
  }

  /** The files watched from now on. */
  set(files: readonly string[]): void {
    this.#files = new Set(files);
    const folders = new Set(files.map((f) => dirname(f)));
    for (const [folder, watcher] of this.#folders)
      if (!folders.has(folder)) {
        watcher.close();
        this.#folders.delete(folder);
      }
    for (const folder of folders) if (!this.#folders.has(folder)) this.#folders.set(folder, this.#watchFolder(folder));
  }

  /** How many files are watched. */
  get size(): number {
    return this.#files.size;
  }

  close(): void {
    clearTimeout(this.#timer);
    for (const watcher of this.#folders.values()) watcher.close();
    this.#folders.clear();
  }

  #watchFolder(folder: string): FSWatcher {
    const watcher = watch(folder, { persistent: false }, (_event, name) => {
      const file = name === null ? undefined : join(folder, name.toString());
      if (file === undefined || !this.#files.has(file)) return;
      this.#pending.add(file);
      clearTimeout(this.#timer);
      this.#timer = setTimeout(() => {
        const files = [...this.#pending];
        this.#pending.clear();
        this.#changed(files);
      }, this.#settleMs);
    });
    // A folder that goes away ends its watcher with an error; the files in it come back with the next set().
    watcher.on('error', () => {
      watcher.close();
      this.#folders.delete(folder);
    });
    return watcher;
  }
}
