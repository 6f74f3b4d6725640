#!/usr/bin/env node
// The `weft` binary. Installed, it runs the built JavaScript (dist/). In the
// Weft workspace, Node runs with --conditions=@weft/source (see .npmrc), which
// resolves the CLI to its TypeScript sources: only then is tsx registered.
const entry = import.meta.resolve('@weft/cli/bin');
if (entry.endsWith('.ts')) {
  const { register } = await import('tsx/esm/api');
  register();
}
await import(entry);
