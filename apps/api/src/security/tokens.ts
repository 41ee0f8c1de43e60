import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** 32 random bytes, base64url: an opaque session token (43 characters). */
export const newToken = (): string => randomBytes(32).toString('base64url');

export const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export const sha256 = (value: string): string => createHash('sha256').update(value, 'utf8').digest('hex');

export function sameHex(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  return timingSafeEqual(Buffer.from(a, 'hex'), Buffer.from(b, 'hex'));
}
