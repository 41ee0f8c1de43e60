import { type Algorithm, hash, parseOptions, verify } from '@node-rs/argon2';
import type { PasswordHashSettings } from '../config/load';

// argon2id. The cost comes from the server settings (OWASP in production, cheaper in tests);
// a hash made with other costs is upgraded at the next successful login.

const ARGON2ID = 2 as Algorithm;

export function hashPassword(password: string, settings: PasswordHashSettings): Promise<string> {
  return hash(password, { algorithm: ARGON2ID, ...settings });
}

export async function verifyPassword(hashed: string, password: string): Promise<boolean> {
  try {
    return await verify(hashed, password);
  } catch {
    return false;
  }
}

export function needsRehash(hashed: string, settings: PasswordHashSettings): boolean {
  try {
    const o = parseOptions(hashed);
    return (
      o.algorithm !== ARGON2ID ||
      o.memoryCost !== settings.memoryCost ||
      o.timeCost !== settings.timeCost ||
      o.parallelism !== settings.parallelism
    );
  } catch {
    return true;
  }
}

/** A new password (change password): at least `minLength` characters, with letters and digits. */
export function isStrongEnough(password: string, minLength: number): boolean {
  return password.length >= minLength && /[A-Za-z]/.test(password) && /\d/.test(password);
}

const dummyHashes = new Map<string, Promise<string>>();

/** Spends the time of a real verification when the account does not exist (no timing oracle). */
export async function verifyDummy(password: string, settings: PasswordHashSettings): Promise<void> {
  const key = JSON.stringify(settings);
  let dummy = dummyHashes.get(key);
  if (!dummy) {
    dummy = hashPassword('not-a-real-password-0', settings);
    dummyHashes.set(key, dummy);
  }
  await verifyPassword(await dummy, password);
}
