import pg from 'pg';
import { NUMBER_EVENTS_SQL } from '../modules/live/event-hub';

/** node-postgres' Client#query, which every statement goes through (a pool's too). */
const prototype = pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown };

/**
 * Every SQL statement the app sends while `run` runs, in order, including those inside
 * transactions and BEGIN/COMMIT: node-postgres sends each one through Client#query (a
 * pool's query checks a client out and calls it), so wrapping that method sees them all.
 * For tests that prove a request path costs the same number of statements whatever the
 * number of rows; run nothing else against the database meanwhile. The instance's own
 * background round that numbers live events (decision 0032) is no request's and is left out.
 */
export async function statementsDuring(run: () => Promise<unknown>): Promise<string[]> {
  const statements: string[] = [];
  const original = prototype.query;
  prototype.query = function (this: unknown, ...args: unknown[]) {
    const text = textOf(args[0]);
    if (text !== NUMBER_EVENTS_SQL) statements.push(text);
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

/**
 * Resolves once the app has had the answer of the named prepared statement (and not
 * before), for a test that acts between a request's read and its write.
 */
export function onceAnswered(name: string): Promise<void> {
  const original = prototype.query;
  return new Promise((resolve) => {
    prototype.query = function (this: unknown, ...args: unknown[]) {
      const answer = original.apply(this, args);
      if ((args[0] as { name?: string } | undefined)?.name === name) {
        prototype.query = original;
        void Promise.resolve(answer).then(() => resolve());
      }
      return answer;
    };
  });
}
