import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { users } from '../../db/schema';
import { conflict, HttpError } from '../../http/errors';
import { hashPassword, spendDecoyVerification, verifyPassword } from './passwords';
import type { SessionUser } from './sessions';

const publicUserColumns = {
  id: users.id,
  username: users.username,
  displayName: users.displayName,
  isAdmin: users.isAdmin,
};

export async function registerUser(
  db: Db,
  input: { username: string; displayName: string; password: string },
): Promise<SessionUser> {
  const passwordHash = await hashPassword(input.password);
  try {
    return await db.transaction(async (tx) => {
      const [created] = await tx
        .insert(users)
        .values({ username: input.username, displayName: input.displayName, passwordHash })
        .returning(publicUserColumns);
      if (!created) throw new Error('insert returned no row');
      // Product rules §6: the operator is the account with id 1, the first one registered.
      if (created.id === 1) {
        await tx.update(users).set({ isAdmin: true }).where(eq(users.id, 1));
        return { ...created, isAdmin: true };
      }
      return created;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict('That username is already taken');
    throw error;
  }
}

export async function authenticate(
  db: Db,
  input: { username: string; password: string },
): Promise<SessionUser> {
  const [row] = await db
    .select({ ...publicUserColumns, passwordHash: users.passwordHash })
    .from(users)
    .where(eq(sql`lower(${users.username})`, input.username.toLowerCase()));
  const valid = row
    ? await verifyPassword(row.passwordHash, input.password)
    : await spendDecoyVerification(input.password).then(() => false);
  if (!row || !valid) throw new HttpError(401, 'Invalid username or password');
  const { passwordHash: _passwordHash, ...user } = row;
  return user;
}
