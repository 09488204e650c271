import { getTableColumns, type InferSelectModel, type Table } from 'drizzle-orm';

/**
 * A table's row as one JSON array of its columns, put back together as drizzle's select
 * would give it, for the prepared statements on the hottest paths. One field instead of
 * one per column: node-postgres describes and parses every field of every row.
 */
export function jsonRow<T extends Table>(table: T, alias: string, name: string) {
  const columns = Object.entries(getTableColumns(table));
  return {
    sql: `json_build_array(${columns.map(([, column]) => `${alias}.${column.name}`).join(', ')}) as ${name}`,
    /** node-postgres has parsed the JSON. */
    rowOf: (row: Record<string, unknown>) => {
      const values = row[name] as unknown[];
      return Object.fromEntries(
        // As drizzle maps a driver's values: JSON's timestamps are ISO strings, made Dates.
        columns.map(([field, column], index) => {
          const value = values[index];
          return [field, value === null ? null : column.mapFromDriverValue(value)];
        }),
      ) as InferSelectModel<T>;
    },
  };
}
