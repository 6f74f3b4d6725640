import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { StudioError } from '../errors.ts';

/**
 * One of the page's files (browser scripts, styles, markup), read from the
 * package's src/page/ — plain files, not compiled; the package ships src/.
 * Found from the package root, the nearest folder up with a package.json,
 * because this module runs as src/page/read-page-file.ts in the workspace and
 * bundled into dist/index.js when installed (as @weft/viz reads its viewer).
 */
export function readPageFile(name: string): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  while (!existsSync(join(dir, 'package.json')) && dirname(dir) !== dir) dir = dirname(dir);
  const file = join(dir, 'src', 'page', name);
  try {
    return readFileSync(file, 'utf8');
  } catch (err) {
    throw new StudioError(
      'INVALID_ARGUMENT',
      `@weft/studio cannot read its page file ${file}: ${(err as Error).message}; reinstall @weft/studio (its src/page/ folder ships with it)`,
      { cause: err, details: { file } },
    );
  }
}
