import { hash, verify } from '@node-rs/argon2';

/** OWASP's argon2id baseline; the work runs on libuv's thread pool, off the event loop. */
const ARGON2ID = { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string) => hash(password, ARGON2ID);

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/**
 * Verified against when the username does not exist, so an unknown name costs as much
 * time as a wrong password and the two cannot be told apart.
 */
let decoyHash: Promise<string> | undefined;
export async function spendDecoyVerification(password: string): Promise<void> {
  decoyHash ??= hashPassword('decoy-password-for-unknown-users');
  await verifyPassword(await decoyHash, password);
}
