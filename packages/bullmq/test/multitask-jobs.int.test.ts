import { randomBytes } from 'node:crypto';
import { PostgresStore } from '@weft/store-postgres';
import { multitaskJobScenarios } from '../test-support/multitask-scenarios.ts';
import { services, servicesDescribe } from './support/services.ts';

servicesDescribe()('on PostgreSQL', () => {
  multitaskJobScenarios('PostgreSQL', () => {
    const schema = `weft_multitask_${randomBytes(4).toString('hex')}`;
    const opened: PostgresStore[] = [];
    return {
      open: async () => {
        const store = new PostgresStore({ connectionString: services!.pgUrl, schema, max: 4, leaseTtlMs: 2_000 });
        await store.migrate();
        opened.push(store);
        return store;
      },
      dispose: async () => {
        await opened[0]?.pool.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
        await Promise.all(opened.map((s) => s.close()));
      },
    };
  });
});
