import { A2aError } from '../errors.ts';

/**
 * Loads a database driver `databaseTaskStore()` needs only for a path or a
 * URL: `better-sqlite3` and `pg` are optional peer dependencies, so a server
 * that keeps its tasks in memory (or passes its own Database or Pool) installs
 * neither. Missing or broken, it is a `TASK_STORE_UNAVAILABLE` that names the
 * package to install, and `instead`: what the caller may pass in its place.
 */
export async function loadDriver<T>(name: string, instead: string, load: () => Promise<T>): Promise<T> {
  try {
    return await load();
  } catch (err) {
    const code = (err as { code?: unknown }).code;
    const missing =
      (code === 'ERR_MODULE_NOT_FOUND' || code === 'MODULE_NOT_FOUND') && String((err as Error).message).includes(`'${name}'`);
    const message = missing
      ? `the A2A task store needs ${name} (an optional peer dependency of @weft/a2a), which is not installed: npm install ${name}, or pass ${instead}`
      : `the A2A task store cannot load ${name}: ${err instanceof Error ? err.message : String(err)} (reinstall it: npm install ${name})`;
    throw new A2aError('TASK_STORE_UNAVAILABLE', message, { cause: err });
  }
}
