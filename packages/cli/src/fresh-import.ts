import { createRequire, register } from 'node:module';
import { dirname, sep } from 'node:path';
import { MessageChannel, type MessagePort } from 'node:worker_threads';
import { fileURLToPath, pathToFileURL } from 'node:url';

/** The query that marks a module URL as one evaluation's own copy. */
const QUERY = 'weft-dev';

/**
 * The resolve hook, run on Node's loader thread: a relative or absolute
 * import from a module carrying `?weft-dev=<n>` resolves to the same file
 * with the same query, so it is evaluated again for that evaluation; a bare
 * specifier (a package, a workspace link) resolves as always and is shared
 * by every evaluation. Each tagged file is posted back, so the caller knows
 * what to watch. Plain JavaScript: it runs where no TypeScript loader is.
 */
const HOOKS = `
let port;
export function initialize(data) {
  port = data.port;
  port.on('message', (m) => port.postMessage({ synced: m.sync }));
  port.unref();
}
export async function resolve(specifier, context, next) {
  const result = await next(specifier, context);
  const parent = context.parentURL;
  if (!parent || !parent.startsWith('file:') || !result.url.startsWith('file:')) return result;
  if (!/^(\\.{1,2}\\/|\\/|file:)/.test(specifier)) return result;
  const generation = new URL(parent).searchParams.get('${QUERY}');
  if (generation === null) return result;
  const url = new URL(result.url);
  if (url.pathname.includes('/node_modules/')) return result;
  url.searchParams.set('${QUERY}', generation);
  port.postMessage({ generation, url: result.url });
  return { ...result, url: url.href };
}
`;

/** A module evaluated afresh: its namespace, and the local files (it and what it imports by path) it was evaluated from. */
export interface FreshModule {
  namespace: Record<string, unknown>;
  files: string[];
}

/**
 * Imports a module and the files it imports by path as new module instances
 * each time, as `weft dev` needs after an edit: Node caches an ES module by
 * URL for the life of the process, so each import carries a new
 * `?weft-dev=<n>` that the resolve hook passes on to every relative or
 * absolute import below it. Packages (bare specifiers) stay the process's
 * one copy: re-evaluating @weft/graph or a model SDK on each save would cost
 * hundreds of milliseconds and give each build its own classes. (tsx's
 * tsImport namespaces re-evaluate packages too: 285 ms a reload of the
 * support example instead of a few tens.) A module Node loads as
 * CommonJS (a folder without "type": "module", a .cts file) is cached by
 * file name instead: the files of the module's folder that the previous
 * load required are dropped from require's cache first. Each evaluation's
 * instances stay in memory until the process ends.
 *
 * @example
 * const fresh = await freshImporter();
 * const { namespace, files } = await fresh.load('/project/support.ts');
 */
export async function freshImporter(): Promise<{ load(path: string): Promise<FreshModule> }> {
  const { port1, port2 } = new MessageChannel();
  register(`data:text/javascript,${encodeURIComponent(HOOKS)}`, { data: { port: port2 }, transferList: [port2] });
  const tagged = new Map<string, Set<string>>();
  const synced = new Map<number, () => void>();
  port1.on('message', (m: { generation?: string; url?: string; synced?: number }) => {
    if (m.synced !== undefined) return void synced.get(m.synced)?.();
    if (m.generation !== undefined && m.url !== undefined) tagged.get(m.generation)?.add(fileURLToPath(m.url));
  });
  port1.unref();
  const required = createRequire(import.meta.url).cache;
  /** The CommonJS files of the module's folder the previous load required: dropped before the next. */
  let commonJs: string[] = [];
  let generation = 0;
  return {
    async load(path) {
      const id = String(++generation);
      const files = new Set<string>([path]);
      tagged.set(id, files);
      for (const file of commonJs) delete required[file];
      const cached = new Set(Object.keys(required));
      // Held while a load waits for the loader thread's answer: idle, the port keeps nothing alive.
      port1.ref();
      let namespace: Record<string, unknown>;
      try {
        const url = `${pathToFileURL(path).href}?${QUERY}=${id}`;
        namespace = (await import(url)) as Record<string, unknown>;
        // Every file the hook tagged was posted before its answer to this: the list is whole.
        await sync(port1, synced, generation);
      } finally {
        port1.unref();
        tagged.delete(id);
        const folder = dirname(path) + sep;
        commonJs = Object.keys(required).filter((f) => !cached.has(f) && f.startsWith(folder) && !f.split(sep).includes('node_modules'));
      }
      return { namespace, files: [...new Set([...files, ...commonJs])] };
    },
  };
}

function sync(port: MessagePort, synced: Map<number, () => void>, id: number): Promise<void> {
  return new Promise((resolve) => {
    synced.set(id, () => {
      synced.delete(id);
      resolve();
    });
    port.postMessage({ sync: id });
  });
}
