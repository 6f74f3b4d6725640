import { describe, expect, it } from 'vitest';
import { isLoopback } from '../index.ts';

describe('isLoopback', () => {
  it('is true for what reaches only this machine: localhost, 127.0.0.0/8, ::1, bracketed or not, and their IPv4-mapped forms', () => {
    const hosts = [
      'localhost',
      'LOCALHOST',
      ' localhost ',
      '127.0.0.1',
      '127.255.0.9',
      '::1',
      '[::1]',
      '::ffff:127.0.0.1',
      '[::ffff:127.1.2.3]',
    ];
    expect(hosts.filter((h) => !isLoopback(h))).toEqual([]);
  });

  it('is false for anything another machine may reach, and for names that only look like loopback', () => {
    const hosts = [
      '0.0.0.0',
      '::',
      '192.168.1.5',
      '10.0.0.1',
      '128.0.0.1',
      'example.com',
      'localhost.example.com',
      '127.0.0.1.nip.io',
      '::2',
      '[::ffff:10.0.0.1]',
      '',
    ];
    expect(hosts.filter((h) => isLoopback(h))).toEqual([]);
  });
});
