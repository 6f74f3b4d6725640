#!/usr/bin/env node
// The `weft` binary: registers the tsx loader (the CLI and the modules it runs
// are TypeScript), then runs the command and exits with its code. Both hooks:
// a module in a folder that is not "type": "module" is loaded as CommonJS, and
// without tsx's require hook Node refuses it (require() of ES modules in a cycle).
import { register } from 'tsx/esm/api';
import { register as registerCommonJs } from 'tsx/cjs/api';

register();
registerCommonJs();
const { main } = await import('../src/main.ts');
process.exitCode = await main(process.argv.slice(2));
