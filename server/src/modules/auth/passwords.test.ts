import { hash } from '@node-rs/argon2';
import { describe, expect, it } from 'vitest';
import { argon2Options, hashPassword, verifyPassword } from './passwords';

describe('password hashing', () => {
  it("hashes with argon2id at OWASP's baseline outside the tests", async () => {
    for (const nodeEnv of ['production', 'development', undefined]) {
      const stored = await hash('secret-pass', argon2Options(nodeEnv));
      expect(stored).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
      expect(await verifyPassword(stored, 'secret-pass')).toBe(true);
    }
  });

  it('verifies a password against any cost it was stored with, and refuses a wrong one', async () => {
    const cheap = await hashPassword('secret-pass');
    expect(cheap).toMatch(/^\$argon2id\$v=19\$m=8,t=1,p=1\$/);
    const baseline = await hash('secret-pass', argon2Options('production'));
    for (const stored of [cheap, baseline]) {
      expect(await verifyPassword(stored, 'secret-pass')).toBe(true);
      expect(await verifyPassword(stored, 'secret-pasS')).toBe(false);
    }
    expect(await verifyPassword('not a hash', 'secret-pass')).toBe(false);
  });
});
