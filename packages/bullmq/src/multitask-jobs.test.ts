import { multitaskJobScenarios } from '../test-support/multitask-scenarios.ts';
import { sqliteFile } from '../test-support/redis-env.ts';

multitaskJobScenarios('a SQLite file', () => {
  const file = sqliteFile();
  return { open: async () => file.open(2_000), dispose: () => file.remove() };
});
