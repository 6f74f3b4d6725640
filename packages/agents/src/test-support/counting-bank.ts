import type { MemoryBank, PutResult, SearchOptions } from '@weft/memory';

/** A memory bank that journals what reached it: each put's answer, and each search's namespace and options. */
export interface CountingBank {
  bank: MemoryBank;
  puts: PutResult['status'][];
  searches: [string[], SearchOptions | undefined][];
}

/** Wraps `inner`, recording every put's status and every search, so a test counts side effects, not finishers. */
export function countingBank(inner: MemoryBank): CountingBank {
  const puts: PutResult['status'][] = [];
  const searches: [string[], SearchOptions | undefined][] = [];
  const bank: MemoryBank = {
    put: async (ns, key, value, options) => {
      const result = await inner.put(ns, key, value, options);
      puts.push(result.status);
      return result;
    },
    get: (ns, key) => inner.get(ns, key),
    delete: (ns, key) => inner.delete(ns, key),
    list: (prefix, options) => inner.list(prefix, options),
    search: (prefix, options) => (searches.push([[...prefix], options]), inner.search(prefix, options)),
    sweep: () => inner.sweep(),
    close: () => inner.close(),
  };
  return { bank, puts, searches };
}
