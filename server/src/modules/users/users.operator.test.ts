import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '../../db/schema';
import { createTestApp, registerUser } from '../../test/test-app';
import { LAST_OPERATOR } from './users.service';

const { app, database } = await createTestApp();

describe('deleting the operator account', () => {
  it('is refused while it is the only operator, and changes nothing', async () => {
    const operator = await registerUser(app);
    expect(operator.id).toBe(1);
    const response = await operator.request({ method: 'DELETE', url: `/api/users/${operator.id}` });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ message: LAST_OPERATOR });
    const [row] = await database.db.select().from(users).where(eq(users.id, operator.id));
    expect(row?.isAdmin).toBe(true);
    expect((await operator.request({ method: 'GET', url: '/api/auth/me' })).statusCode).toBe(200);
  });

  it('is allowed for an operator when another one remains', async () => {
    const second = await registerUser(app);
    await database.db.update(users).set({ isAdmin: true }).where(eq(users.id, second.id));
    const response = await second.request({ method: 'DELETE', url: `/api/users/${second.id}` });
    expect(response.statusCode).toBe(204);
  });
});
