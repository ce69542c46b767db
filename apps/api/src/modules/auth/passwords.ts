import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

const keyLength = 64;

/**
 * OWASP's current minimum for scrypt (N=2^17, r=8, p=1: 128 MiB and a few hundred ms per hash).
 * The test run alone uses the old 2^14, or every sign-up in the suite would pay for it; the format
 * stores the cost, so both verify everywhere.
 */
export function passwordHashCostFor(nodeEnv: string | undefined): ScryptCost {
  return nodeEnv === 'test' ? { N: 2 ** 14, r: 8, p: 1 } : { N: 2 ** 17, r: 8, p: 1 };
}

export const passwordHashCost: ScryptCost = passwordHashCostFor(process.env.NODE_ENV);

export interface ScryptCost {
  N: number;
  r: number;
  p: number;
}

function derive(password: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFC'), salt, keyLength, { ...options, maxmem: 256 * 1024 * 1024 }, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

/** `scrypt$N$r$p$salt$hash` (base64url), so the cost can be raised later without breaking old hashes. */
export async function hashPassword(password: string, cost: ScryptCost = passwordHashCost): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, cost);
  return ['scrypt', cost.N, cost.r, cost.p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

/** True when a stored hash is weaker than today's cost: sign-in then stores a new one (transparent rehash). */
export function needsRehash(stored: string): boolean {
  const [scheme, n, r, p] = stored.split('$');
  return scheme !== 'scrypt' || Number(n) < passwordHashCost.N || Number(r) < passwordHashCost.r || Number(p) < passwordHashCost.p;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  // Bounds on what a stored string may ask for: no hash of ours goes beyond them.
  if (!(Number(n) >= 2 && Number(n) <= 2 ** 20 && Number(r) >= 1 && Number(r) <= 32 && Number(p) >= 1 && Number(p) <= 16)) return false;
  const expected = Buffer.from(hash, 'base64url');
  const actual = await derive(password, Buffer.from(salt, 'base64url'), { N: Number(n), r: Number(r), p: Number(p) });
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/**
 * A real hash of a random password, checked when the e-mail is unknown, so that a login for an
 * unknown e-mail costs the same time as a wrong password.
 */
let decoyHash: Promise<string> | undefined;
export function decoyPasswordHash(): Promise<string> {
  decoyHash ??= hashPassword(randomBytes(16).toString('hex'));
  return decoyHash;
}
