import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The @weft/cli package's folder: the nearest one up from this module with a
 * package.json. This module runs as src/package-root.ts in the workspace and
 * inside a bundle under dist/ when installed, so a fixed `../` would be right
 * in one of them only.
 */
export function packageRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  while (!existsSync(join(dir, 'package.json')) && dirname(dir) !== dir) dir = dirname(dir);
  return dir;
}
