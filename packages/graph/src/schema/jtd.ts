import { Ajv } from 'ajv/dist/jtd.js';

/**
 * The one ajv instance that compiles @weft/graph's JTD schemas (shape checks of
 * data read back: run logs, checkpoint records). Each schema is compiled once,
 * when the module that owns it loads.
 */
export const jtd = new Ajv();
