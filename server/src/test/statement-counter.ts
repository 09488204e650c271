import pg from 'pg';

/**
 * Every SQL statement the app sends while `run` runs, in order, including those inside
 * transactions and BEGIN/COMMIT: node-postgres sends each one through Client#query (a
 * pool's query checks a client out and calls it), so wrapping that method sees them all.
 * For tests that prove a request path costs the same number of statements whatever the
 * number of rows; run nothing else against the database meanwhile.
 */
export async function statementsDuring(run: () => Promise<unknown>): Promise<string[]> {
  const statements: string[] = [];
  const prototype = pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown };
  const original = prototype.query;
  prototype.query = function (this: unknown, ...args: unknown[]) {
    statements.push(textOf(args[0]));
    return original.apply(this, args);
  };
  try {
    await run();
  } finally {
    prototype.query = original;
  }
  return statements;
}

function textOf(query: unknown): string {
  const text =
    typeof query === 'string'
      ? query
      : query && typeof query === 'object' && 'text' in query
        ? String(query.text)
        : String(query);
  return text.replace(/\s+/g, ' ').trim();
}
