import { BlockList, isIP } from 'node:net';

/** 127.0.0.0/8 and ::1 (and their IPv4-mapped forms, which BlockList matches against the IPv4 rule). */
const LOOPBACK = new BlockList();
LOOPBACK.addSubnet('127.0.0.0', 8, 'ipv4');
LOOPBACK.addAddress('::1', 'ipv6');

/**
 * Whether a host to listen on reaches only this machine: `localhost`, an
 * address in 127.0.0.0/8, or ::1 (bracketed or not). Any other name or
 * address (0.0.0.0, a LAN address, a host name) may be reachable from
 * elsewhere.
 */
export function isLoopback(host: string): boolean {
  const bare = host
    .trim()
    .toLowerCase()
    .replace(/^\[(.*)\]$/, '$1');
  if (bare === 'localhost') return true;
  const family = isIP(bare);
  return family !== 0 && LOOPBACK.check(bare, family === 4 ? 'ipv4' : 'ipv6');
}
