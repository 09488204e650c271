import { hash, verify } from '@node-rs/argon2';

/**
 * argon2id at OWASP's baseline, on libuv's thread pool. Under NODE_ENV=test at argon2's
 * smallest cost, as Rails and Django hash in tests; a hash records its own cost, so either
 * verifies.
 */
export function argon2Options(nodeEnv: string | undefined) {
  const cost =
    nodeEnv === 'test' ? { memoryCost: 8, timeCost: 1 } : { memoryCost: 19456, timeCost: 2 };
  return { algorithm: 2, parallelism: 1, ...cost } as const;
}

const ARGON2ID = argon2Options(process.env.NODE_ENV);

export const hashPassword = (password: string) => hash(password, ARGON2ID);

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/** Verified against for an unknown username, so it costs as much time as a wrong password. */
let decoyHash: Promise<string> | undefined;
export async function spendDecoyVerification(password: string): Promise<void> {
  decoyHash ??= hashPassword('decoy-password-for-unknown-users');
  await verifyPassword(await decoyHash, password);
}
