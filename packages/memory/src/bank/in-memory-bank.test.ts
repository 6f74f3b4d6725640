import { describe, expect, it } from 'vitest';
import { memoryBankConformance } from '../conformance.ts';
import { InMemoryBank } from './in-memory-bank.ts';

memoryBankConformance('InMemoryBank', (options) => new InMemoryBank(options), { describe, it, expect });
