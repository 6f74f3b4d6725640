import { basename, relative, sep } from 'node:path';
import type { CheckpointStore } from '@weft/graph';
import type { CliIo } from './cli-io.ts';
import { commandTarget } from './command-target.ts';
import { moduleVersions } from './module-versions.ts';
import { loadModule, type LoadedModule } from './load-module.ts';
import type { GraphChanges, ReplacedTarget, Studio } from './load-studio.ts';
import type { FreshModule } from './fresh-import.ts';
import { terminalSafe } from './terminal-safe.ts';
import { FileWatch } from './watch-files.ts';

/** How long a burst of saves must settle before the module is loaded again. */
const SETTLE_MS = 120;

/** Stale threads listed one per line after a reload; more are counted. */
const MAX_LISTED = 10;

type Served = Awaited<ReturnType<Studio['serveStudio']>>;

/** What a dev session works with. */
export interface DevSessionOptions {
  path: string;
  exportName: string | undefined;
  load: (path: string) => Promise<FreshModule>;
  served: Served;
  store: CheckpointStore;
  io: Pick<CliIo, 'stdout' | 'cwd'>;
  describeChanges: Studio['describeChanges'];
}

/**
 * `weft dev`'s loop: watches the module and the files it imports by path,
 * and on each settled change loads it afresh and has the studio serve the
 * new build, printing one line per reload. A build that fails to load (a
 * syntax error, a missing export) leaves the previous one served, said in
 * the terminal and on the page; the next good one recovers. Reloads run one
 * at a time: a change during one is loaded after it.
 */
export class DevSession {
  readonly #o: DevSessionOptions;
  readonly #watch: FileWatch;
  #hash: string;
  #running: Promise<void> | undefined;
  #again: string[] | undefined;

  constructor(options: DevSessionOptions, first: { files: string[]; hash: string }) {
    this.#o = options;
    this.#hash = first.hash;
    this.#watch = new FileWatch((files) => void this.changed(files), SETTLE_MS);
    this.#watch.set(watched(first.files));
  }

  /** How many files are watched. */
  get watching(): number {
    return this.#watch.size;
  }

  /** Loads the module again (after the reload under way, if one is); never rejects: a failure is printed and shown. */
  changed(files: string[]): Promise<void> {
    if (this.#running) {
      this.#again = [...(this.#again ?? []), ...files];
      return this.#running;
    }
    this.#running = (async () => {
      try {
        let next: string[] | undefined = files;
        while (next) {
          this.#again = undefined;
          await this.#reload(next);
          next = this.#again;
        }
      } finally {
        this.#running = undefined;
      }
    })();
    return this.#running;
  }

  /** Stops watching and waits for a reload under way. */
  async close(): Promise<void> {
    this.#watch.close();
    await this.#running;
  }

  async #reload(files: string[]): Promise<void> {
    const { io, path } = this.#o;
    const started = performance.now();
    let loaded: LoadedModule;
    let versions: ReturnType<typeof moduleVersions>;
    let imported: string[] = [];
    try {
      loaded = await loadModule(path, this.#o.exportName, async (p) => {
        const fresh = await this.#o.load(p);
        imported = fresh.files;
        return fresh.namespace;
      });
      versions = moduleVersions(loaded);
    } catch (err) {
      const message = (err as Error).message;
      this.#o.served.reportTargetError({ code: (err as { code?: string }).code ?? 'MODULE_LOAD_FAILED', message });
      io.stdout(`${terminalSafe(`reload failed · ${message} · still serving graph ${short(this.#hash)}`)}\n`);
      return;
    }
    let replaced: ReplacedTarget;
    try {
      replaced = await this.#o.served.replaceTarget(commandTarget(loaded, this.#o.store), {
        source: basename(path),
        ...(versions ? { versions } : {}),
      });
    } catch (err) {
      this.#o.served.reportTargetError({ code: (err as { code?: string }).code ?? 'TARGET_FAILED', message: (err as Error).message });
      io.stdout(`${terminalSafe(`reload failed · ${(err as Error).message} · still serving graph ${short(this.#hash)}`)}\n`);
      return;
    }
    this.#watch.set(watched(imported));
    this.#hash = replaced.hash;
    const ms = Math.round(performance.now() - started);
    io.stdout(`${terminalSafe(reloadLine(path, files, ms, replaced, io.cwd))}\n`);
    for (const line of this.#details(replaced)) io.stdout(`${terminalSafe(line)}\n`);
  }

  /** What changed, and each thread the new graph cannot resume with why. */
  #details(replaced: ReplacedTarget): string[] {
    const describe = (c: GraphChanges | null) => (c ? this.#o.describeChanges(c) : 'written by a build this studio did not serve');
    const lines = replaced.changes ? [`  ${describe(replaced.changes)}`] : [];
    for (const t of replaced.stale.slice(0, MAX_LISTED))
      lines.push(`  thread ${t.threadId} (${t.status}) cannot resume: graph ${short(t.hash)} wrote it; ${describe(t.changes)}`);
    if (replaced.stale.length > MAX_LISTED) lines.push(`  … and ${replaced.stale.length - MAX_LISTED} more threads`);
    return lines;
  }
}

/** `reloaded support.ts in 12 ms · graph 5e8202a1 · 2 threads cannot resume on it` (and which other file changed). */
function reloadLine(path: string, files: string[], ms: number, replaced: ReplacedTarget, cwd: string): string {
  const others = files.filter((f) => f !== path).map((f) => relative(cwd, f));
  const cause = others.length > 0 ? ` (${others.join(', ')} changed)` : '';
  const n = replaced.stale.length;
  const stale = n === 0 ? '' : ` · ${n} thread${n === 1 ? '' : 's'} cannot resume on it`;
  return `reloaded ${basename(path)}${cause} in ${ms} ms · graph ${short(replaced.hash)}${stale}`;
}

/** The files worth watching: never a package's, nor weft's own folder (its stores). */
function watched(files: string[]): string[] {
  return files.filter((f) => !f.split(sep).includes('node_modules') && !f.split(sep).includes('.weft'));
}

/** A structure hash as the terminal and the page show it. */
const short = (hash: string): string => hash.slice(0, 8);
