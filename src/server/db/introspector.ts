import {
  PostgresDialect,
  sql,
  type DatabaseIntrospector,
  type DatabaseMetadata,
  type DatabaseMetadataOptions,
  type Kysely,
  type SchemaMetadata,
  type TableMetadata,
} from 'kysely';

/**
 * Kysely's PostgreSQL introspector lists the tables of every schema and resolves each by its name
 * (pg_get_serial_sequence): a table that another schema drops between the two fails the whole call
 * with 'relation … does not exist' (about 1 call in 9 while another connection created and dropped
 * schemas; the migrator calls it at every start, so a server sharing its database with others
 * could fail to start). This one reads only the catalog, and only the schema the connection works
 * in (current_schema(), the search_path's), the one our migrations write to.
 */
export class CurrentSchemaIntrospector implements DatabaseIntrospector {
  constructor(private readonly db: Kysely<unknown>) {}

  async getSchemas(): Promise<SchemaMetadata[]> {
    const { rows } = await sql<SchemaMetadata>`select nspname as name from pg_catalog.pg_namespace`.execute(
      this.db,
    );
    return rows;
  }

  async getTables(
    options: DatabaseMetadataOptions = { withInternalKyselyTables: false },
  ): Promise<TableMetadata[]> {
    const { rows } = await sql<{
      table: string;
      schema: string;
      is_view: boolean;
      column: string;
      data_type: string;
      data_type_schema: string;
      not_null: boolean;
      has_default: boolean;
      identity: string;
      comment: string | null;
    }>`
      select c.relname as table, ns.nspname as schema, c.relkind in ('v', 'm') as is_view,
        a.attname as column, t.typname as data_type, tns.nspname as data_type_schema,
        a.attnotnull as not_null, a.atthasdef as has_default, a.attidentity as identity,
        d.description as comment
      from pg_catalog.pg_class c
      join pg_catalog.pg_namespace ns on ns.oid = c.relnamespace
      join pg_catalog.pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
      join pg_catalog.pg_type t on t.oid = a.atttypid
      join pg_catalog.pg_namespace tns on tns.oid = t.typnamespace
      left join pg_catalog.pg_description d
        on d.objoid = c.oid and d.classoid = 'pg_catalog.pg_class'::regclass and d.objsubid = a.attnum
      where ns.nspname = current_schema() and c.relkind in ('r', 'v', 'm', 'p')
      order by c.relname, a.attnum`.execute(this.db);
    const tables = new Map<string, TableMetadata & { columns: TableMetadata['columns'][number][] }>();
    for (const row of rows) {
      if (!options.withInternalKyselyTables && row.table.startsWith('kysely_')) continue;
      let table = tables.get(row.table);
      if (!table) {
        table = { name: row.table, schema: row.schema, isView: row.is_view, columns: [] };
        tables.set(row.table, table);
      }
      table.columns.push({
        name: row.column,
        dataType: row.data_type,
        dataTypeSchema: row.data_type_schema,
        isNullable: !row.not_null,
        // identity columns; a serial's nextval() default shows as hasDefaultValue only
        isAutoIncrementing: row.identity !== '',
        hasDefaultValue: row.has_default,
        ...(row.comment === null ? {} : { comment: row.comment }),
      });
    }
    return [...tables.values()];
  }

  async getMetadata(options?: DatabaseMetadataOptions): Promise<DatabaseMetadata> {
    return { tables: await this.getTables(options) };
  }
}

/** PostgreSQL as Kysely speaks it, introspecting only the schema it works in (see above). */
export class OwnSchemaPostgresDialect extends PostgresDialect {
  override createIntrospector(db: Kysely<any>): DatabaseIntrospector {
    return new CurrentSchemaIntrospector(db);
  }
}
