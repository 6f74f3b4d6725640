import { Migrator, sql, type ColumnDefinitionBuilder, type Kysely, type Migration } from 'kysely';

/** The lock table and ledger names the SDK's `a2a-db` uses, so `a2a-db status --tasks-table-name <table>` reads this migration as done. */
const LOCK_TABLE = 'a2a_migrations_lock';
const ledgerTable = (table: string): string => `a2a_${table}_migrations`;

const COLLATION = { postgres: 'collate "C"', sqlite: 'collate binary' } as const;

/**
 * Creates the task table the SDK's `DatabaseTaskStore` reads and writes,
 * once: Kysely's Migrator records it in a ledger, so a second start does
 * nothing, and servers starting at once create it once (PostgreSQL through
 * Kysely's lock, SQLite through the retry below). `@a2a-js/sdk` 1.3 exports
 * no migration function (its `taskStoreMigrations` lives only inside its
 * `a2a-db` command), so this is that migration, `0001_create_tasks`,
 * statement for statement, with the same ledger and lock table names:
 * `a2a-db` run later sees nothing left to do.
 */
export async function migrateTaskTable(db: Kysely<unknown>, dialect: 'sqlite' | 'postgres', table: string): Promise<void> {
  const collated = (n: number) => sql.raw(`varchar(${n}) ${COLLATION[dialect]}`);
  const payload = sql.raw('text');
  const notNull = (column: ColumnDefinitionBuilder) => column.notNull();
  const createTasks: Migration = {
    async up(tx: Kysely<unknown>) {
      await tx.schema
        .createTable(table)
        .addColumn('tenant', collated(255), notNull)
        .addColumn('owner', collated(255), notNull)
        .addColumn('id', collated(36), notNull)
        .addColumn('context_id', collated(36), notNull)
        .addColumn('status_last_updated', 'bigint', notNull)
        .addColumn('status_state', collated(255))
        .addColumn('status', payload)
        .addColumn('artifacts', payload)
        .addColumn('history', payload)
        .addColumn('metadata', payload)
        .addColumn('protocol_version', 'varchar(255)')
        .addPrimaryKeyConstraint(`${table}_pkey`, ['tenant', 'owner', 'id'])
        .execute();
      await tx.schema
        .createIndex(`${table}_scope_updated_idx`)
        .on(table)
        .columns(['tenant', 'owner', 'status_last_updated', 'id'])
        .execute();
      await tx.schema
        .createIndex(`${table}_scope_context_updated_idx`)
        .on(table)
        .columns(['tenant', 'owner', 'context_id', 'status_last_updated', 'id'])
        .execute();
    },
    async down(tx: Kysely<unknown>) {
      await tx.schema.dropTable(table).ifExists().execute();
    },
  };
  const migrator = new Migrator({
    db,
    provider: { getMigrations: () => Promise.resolve({ '0001_create_tasks': createTasks }) },
    migrationTableName: ledgerTable(table),
    migrationLockTableName: LOCK_TABLE,
  });
  let result = await migrator.migrateToLatest();
  // Kysely takes no migration lock on SQLite: connections starting at once all read an empty ledger, and the
  // CREATE TABLE of all but the first fails on its table. Run again, a loser reads the winner's ledger row and
  // does nothing; a failure of its own (a read-only file) fails again the same way.
  for (let retry = 0; result.error !== undefined && dialect === 'sqlite' && retry < 2; retry++) result = await migrator.migrateToLatest();
  if (result.error !== undefined) throw result.error;
}
