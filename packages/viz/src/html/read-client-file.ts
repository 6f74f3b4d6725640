import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { VizError } from '../errors.ts';

/**
 * The viewer's browser code and styles, read at render time from the
 * package's src/html/ (plain files, not compiled; the package ships src/).
 * Found from the package root, the nearest folder up with a package.json,
 * because this module runs as src/html/render-html.ts in the workspace and
 * bundled into dist/index.js when installed.
 */
export function readClientFile(name: string): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  while (!existsSync(join(dir, 'package.json')) && dirname(dir) !== dir) dir = dirname(dir);
  const file = join(dir, 'src', 'html', name);
  try {
    return readFileSync(file, 'utf8');
  } catch (err) {
    throw new VizError(
      'VIEWER_FILES_MISSING',
      `@weft/viz cannot read its viewer file ${file}: ${(err as Error).message}; reinstall @weft/viz (its src/html/ folder ships with it)`,
      {
        cause: err,
        details: { file },
      },
    );
  }
}
