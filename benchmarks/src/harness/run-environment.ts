import os from 'node:os';

/** The machine and Node version a results file records. */
export function runEnvironment(): { node: string; platform: string; cpu: string; cores: number } {
  return {
    node: process.version,
    platform: `${os.platform()} ${os.arch()}`,
    cpu: os.cpus()[0]?.model ?? 'unknown',
    cores: os.cpus().length,
  };
}
