// Opaque secrets: session tokens and API keys are random, handed out once, and stored only as SHA-256.
import { createHash, randomBytes } from 'node:crypto';

export function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** 256 random bits, base64url: the session cookie's value (docs/api.md (Authentication)). */
export function newSessionToken(): string {
  return randomBytes(32).toString('base64url');
}

const base62Alphabet = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** Base62 of `bytes` random bytes, fixed width (43 characters for 32 bytes). */
export function randomBase62(bytes: number): string {
  const width = Math.ceil((bytes * 8) / Math.log2(62));
  let n = BigInt(`0x${randomBytes(bytes).toString('hex')}`);
  let text = '';
  while (n > 0n) {
    text = base62Alphabet[Number(n % 62n)] + text;
    n /= 62n;
  }
  return text.padStart(width, '0');
}
