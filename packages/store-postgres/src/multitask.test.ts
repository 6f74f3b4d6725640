import pg from 'pg';
import { afterAll } from 'vitest';
import { multitaskScenarios } from '../../graph/test/support/multitask-scenarios.ts';
import { freshSchema, PG_URL, pgDescribe } from '../test-support/pg-test-env.ts';
import { PostgresStore } from './postgres-store.ts';

const describePg = pgDescribe();

describePg('multitask on PostgreSQL', () => {
  const schemas: string[] = [];
  const stores: PostgresStore[] = [];
  const open = (schema: string): PostgresStore => {
    if (!schemas.includes(schema)) schemas.push(schema);
    const store = new PostgresStore({ connectionString: PG_URL, schema });
    stores.push(store);
    return store;
  };
  afterAll(async () => {
    for (const s of stores.splice(0)) await s.close();
    const admin = new pg.Pool({ connectionString: PG_URL });
    for (const s of schemas) await admin.query(`DROP SCHEMA IF EXISTS ${s} CASCADE`);
    await admin.end();
  });

  multitaskScenarios('PostgreSQL, both runs in one process (one store)', () => {
    const store = open(freshSchema());
    return { holder: store, newcomer: store };
  });

  // Two stores (two pools) on one schema: the runs see each other only through the database, as two machines do.
  multitaskScenarios('PostgreSQL, the runs in two processes (two stores on one schema)', () => {
    const schema = freshSchema();
    return { holder: open(schema), newcomer: open(schema) };
  });
});
