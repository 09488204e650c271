import { getTableColumns, type InferSelectModel, type Table } from 'drizzle-orm';

/**
 * A table's columns as a hand-written statement reads them (`alias.column as prefix_column`,
 * so two tables' columns cannot collide) and the row put back together as drizzle's select
 * would give it. For the prepared statements on the hottest paths, which skip the ORM's
 * query building and row mapping.
 */
export function aliasedColumns<T extends Table>(table: T, alias: string, prefix: string) {
  const fields = Object.entries(getTableColumns(table)).map(([field, column]) => ({
    field,
    column: column.name,
    as: `${prefix}${column.name}`,
  }));
  return {
    /** The select list. */
    sql: fields.map(({ column, as }) => `${alias}.${column} as ${as}`).join(', '),
    /** The row, from a result row that has the select list's columns. */
    rowOf: (row: Record<string, unknown>) =>
      Object.fromEntries(fields.map(({ field, as }) => [field, row[as]])) as InferSelectModel<T>,
  };
}
