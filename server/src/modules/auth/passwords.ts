import { hash, verify } from '@node-rs/argon2';

/**
 * argon2id at OWASP's baseline (19 MiB, two passes); the work runs on libuv's thread pool,
 * off the event loop. Under test (NODE_ENV=test: Vitest, and the servers the browser and
 * fault tests start) at argon2's smallest cost instead, as Rails and Django hash in their
 * tests: the baseline costs 20 ms of CPU a hash, and a run signs up hundreds of people
 * whose tests are not about the hash. A hash records its own cost, so either verifies.
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

/**
 * Verified against when the username does not exist, so an unknown name costs as much
 * time as a wrong password and the two cannot be told apart.
 */
let decoyHash: Promise<string> | undefined;
export async function spendDecoyVerification(password: string): Promise<void> {
  decoyHash ??= hashPassword('decoy-password-for-unknown-users');
  await verifyPassword(await decoyHash, password);
}
