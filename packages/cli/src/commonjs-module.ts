import { existsSync, readFileSync } from 'node:fs';
import { basename, dirname, extname, join } from 'node:path';

/** Why Node loads a module as CommonJS, and what makes it an ES module. */
export interface CommonJsModule {
  /** `<package.json> says "type": "commonjs"`, `<package.json> has no "type"`, `its extension is .cts`, … */
  why: string;
  /** `set "type": "module" in <package.json>, or rename the module to agent.mts`. */
  fix: string;
}

/**
 * Whether Node loads `path` as CommonJS, by Node's own rule: a .cjs or .cts
 * file always, a .js, .ts, .jsx or .tsx file when the nearest package.json
 * does not say `"type": "module"` (npm 11's `npm init -y` writes
 * `"type": "commonjs"`; older ones write no type). Undefined for an ES module.
 *
 * Said when such a module exports nothing runnable by name: an ES module
 * that imports a CommonJS one (as the installed weft does) gets its
 * `module.exports` as one default export, and a TypeScript module compiled
 * to CommonJS shows no named exports at all.
 */
export function commonJsModule(path: string): CommonJsModule | undefined {
  const ext = extname(path);
  const esm = `${basename(path, ext)}.${ext === '.cjs' || ext === '.js' || ext === '.jsx' ? 'mjs' : 'mts'}`;
  if (ext === '.cjs' || ext === '.cts') return { why: `its extension is ${ext}`, fix: `rename the module to ${esm}` };
  if (!['.js', '.ts', '.jsx', '.tsx'].includes(ext)) return undefined;
  const pkg = nearestPackageJson(dirname(path));
  if (pkg === undefined)
    return {
      why: 'no package.json above it says "type": "module"',
      fix: `add a package.json with "type": "module" to the project, or rename the module to ${esm}`,
    };
  const type = packageType(pkg);
  if (type === 'module') return undefined;
  return {
    why: type === undefined ? `${pkg} has no "type"` : `${pkg} says "type": ${JSON.stringify(type)}`,
    fix: `set "type": "module" in ${pkg}, or rename the module to ${esm}`,
  };
}

function nearestPackageJson(dir: string): string | undefined {
  for (let d = dir; ; d = dirname(d)) {
    const file = join(d, 'package.json');
    if (existsSync(file)) return file;
    if (dirname(d) === d) return undefined;
  }
}

/** The package.json's `type`, as Node reads it (a file it cannot parse counts as no type). */
function packageType(file: string): unknown {
  try {
    return (JSON.parse(readFileSync(file, 'utf8')) as { type?: unknown }).type;
  } catch {
    return undefined;
  }
}
