import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MemoryStore } from './memory-store.ts';
import { checkpointStoreConformance } from '../conformance/store-conformance.ts';

checkpointStoreConformance('MemoryStore', () => new MemoryStore(), { describe, it, expect, beforeEach, afterEach });
