/**
 * The part of Kysely the task table's migration uses. The CLI does not depend
 * on Kysely (it is loaded only by `weft a2a` on a durable task store), so
 * TypeScript sees this much of it and no more.
 */
export interface TaskTableKysely {
  schema: {
    createTable(name: string): CreateTable;
    createIndex(name: string): CreateIndex;
    dropTable(name: string): { ifExists(): { execute(): Promise<unknown> } };
  };
}

interface CreateTable {
  addColumn(name: string, type: unknown, build?: (column: ColumnBuilder) => ColumnBuilder): CreateTable;
  addPrimaryKeyConstraint(name: string, columns: string[]): CreateTable;
  execute(): Promise<unknown>;
}

interface ColumnBuilder {
  notNull(): ColumnBuilder;
}

interface CreateIndex {
  on(table: string): CreateIndex;
  columns(columns: string[]): CreateIndex;
  execute(): Promise<unknown>;
}

interface Migration {
  up(db: TaskTableKysely): Promise<void>;
  down(db: TaskTableKysely): Promise<void>;
}

/** What `migrateTaskTable` needs of the `kysely` module: its Migrator and `sql.raw`. */
export interface MigrationKit {
  Migrator: new (config: {
    db: unknown;
    provider: { getMigrations(): Promise<Record<string, Migration>> };
    migrationTableName: string;
    migrationLockTableName: string;
  }) => { migrateToLatest(): Promise<{ error?: unknown; results?: { migrationName: string; status: string }[] }> };
  sql: { raw(text: string): unknown };
}

/** The table `weft a2a` keeps tasks in, beside the store's own tables (SQLite's `tasks` would be a generic name in a shared file). */
export const TASK_TABLE = 'a2a_tasks';

/** The lock table and ledger the SDK's `a2a-db` names, so `a2a-db status --tasks-table-name a2a_tasks` reads this migration as done. */
const LOCK_TABLE = 'a2a_migrations_lock';
const ledgerTable = (table: string): string => `a2a_${table}_migrations`;

const COLLATION = { postgres: 'collate "C"', sqlite: 'collate binary' } as const;

/**
 * Creates the task table `DatabaseTaskStore` reads and writes, once: Kysely's
 * Migrator records it in a ledger, so a second start does nothing, and two
 * servers starting at once create it once. `@a2a-js/sdk` 1.3 exports no
 * migration function (its `taskStoreMigrations` lives only inside its
 * `a2a-db` command), so this is that migration, `0001_create_tasks`, statement
 * for statement, with the same ledger and lock table names.
 */
export async function migrateTaskTable(
  db: TaskTableKysely,
  kit: MigrationKit,
  dialect: 'sqlite' | 'postgres',
  table = TASK_TABLE,
): Promise<void> {
  const collated = (n: number) => kit.sql.raw(`varchar(${n}) ${COLLATION[dialect]}`);
  const payload = kit.sql.raw('text');
  const notNull = (column: ColumnBuilder) => column.notNull();
  const createTasks: Migration = {
    async up(tx) {
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
    async down(tx) {
      await tx.schema.dropTable(table).ifExists().execute();
    },
  };
  const migrator = new kit.Migrator({
    db,
    provider: { getMigrations: () => Promise.resolve({ '0001_create_tasks': createTasks }) },
    migrationTableName: ledgerTable(table),
    migrationLockTableName: LOCK_TABLE,
  });
  const result = await migrator.migrateToLatest();
  if (result.error !== undefined) throw result.error;
}
