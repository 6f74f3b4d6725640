let registered: Promise<void> | undefined;

/**
 * Registers tsx's loaders, once, the first time a TypeScript module is loaded:
 * the CLI itself is JavaScript and starts without them. Both hooks: a module
 * in a folder that is not "type": "module" is loaded as CommonJS, and without
 * tsx's require hook Node refuses it.
 */
export function registerTypeScript(): Promise<void> {
  registered ??= (async () => {
    const [{ register }, { register: registerCommonJs }] = await Promise.all([import('tsx/esm/api'), import('tsx/cjs/api')]);
    register();
    registerCommonJs();
  })();
  return registered;
}

/** Whether Node needs a loader for this file. */
export const isTypeScript = (path: string): boolean => /\.(ts|mts|cts|tsx)$/.test(path);
