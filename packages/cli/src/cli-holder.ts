import { hostname } from 'node:os';

/** How this process names itself as a lease holder: `host:pid (weft resume)`. */
export const cliHolder = (command: string): string => `${hostname()}:${process.pid} (weft ${command})`;
