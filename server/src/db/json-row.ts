import { getTableColumns, type InferSelectModel, type Table } from 'drizzle-orm';

/**
 * A table's row as a hand-written statement reads it, one JSON array of its columns
 * (`json_build_array(alias.column, …) as name`), put back together as drizzle's select
 * would give it. For the prepared statements on the hottest paths, which skip the ORM's
 * query building and row mapping. One field instead of one per column: node-postgres
 * describes and parses every field of every row it receives, and for a prop and its group
 * (thirty columns) that was about a sixth of the server's own work for a leader's result
 * (its CPU profile, decision 0035).
 */
export function jsonRow<T extends Table>(table: T, alias: string, name: string) {
  const columns = Object.entries(getTableColumns(table));
  return {
    /** The select list's entry. */
    sql: `json_build_array(${columns.map(([, column]) => `${alias}.${column.name}`).join(', ')}) as ${name}`,
    /** The row, from a result row that has the entry (node-postgres parsed the JSON). */
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
