import { CliError } from './errors.ts';

/**
 * A package some commands need and the CLI does not depend on (it brings
 * libraries a project that does not use those commands never installs).
 * Missing, it is a `code` error (exit code 2) whose hint installs it; one that
 * fails to load says why and how to reinstall it.
 */
export async function loadOptional<T>(
  specifier: string,
  code: 'QUEUE_UNAVAILABLE' | 'MCP_UNAVAILABLE' | 'A2A_UNAVAILABLE' | 'STUDIO_UNAVAILABLE',
  need: string,
): Promise<T> {
  try {
    // A specifier in a variable: the CLI does not depend on the package, and TypeScript must not require it.
    return (await import(specifier)) as T;
  } catch (err) {
    const missing = (err as { code?: unknown }).code === 'ERR_MODULE_NOT_FOUND' && (err as Error).message.includes(`'${specifier}'`);
    throw new CliError(
      code,
      missing ? `${need} needs ${specifier}, which is not installed` : `cannot load ${specifier}: ${(err as Error).message}`,
      missing ? `install ${specifier} beside @weft/cli: npm install ${specifier}` : `reinstall ${specifier} (npm install ${specifier})`,
      { cause: err },
    );
  }
}
