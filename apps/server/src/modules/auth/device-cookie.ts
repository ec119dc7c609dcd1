// Device cookies (OWASP "Slow Down Online Guessing Attacks with Device Cookies"; docs/security.md): a browser
// that signed in successfully as a user keeps a signed cookie naming that user, and its later sign-ins as that
// user skip the address and username limits, so an attacker guessing elsewhere cannot lock it out.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export const deviceCookieName = 'bpm_device';
const secretFileName = 'device-cookie.key';

/** The signing key, generated on first start beside the database and readable only by its owner. */
export function loadDeviceCookieSecret(dataDir: string): Buffer {
  const file = join(dataDir, secretFileName);
  if (existsSync(file)) return Buffer.from(readFileSync(file, 'utf8').trim(), 'base64url');
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32);
  writeFileSync(file, `${secret.toString('base64url')}\n`, { mode: 0o600 });
  return secret;
}

export class DeviceCookies {
  constructor(private readonly secret: Buffer) {}

  private sign(payload: string): Buffer {
    return createHmac('sha256', this.secret).update(payload, 'utf8').digest();
  }

  /** `<username key, base64url>.<nonce>.<signature>`: the nonce identifies the device for its own failure count. */
  issue(usernameKey: string): string {
    const payload = `${Buffer.from(usernameKey, 'utf8').toString('base64url')}.${randomBytes(16).toString('base64url')}`;
    return `${payload}.${this.sign(payload).toString('base64url')}`;
  }

  /** The device's nonce when `value` is a cookie this server signed for `usernameKey`, otherwise undefined. */
  deviceFor(value: string | undefined, usernameKey: string): string | undefined {
    if (!value) return undefined;
    const parts = value.split('.');
    if (parts.length !== 3) return undefined;
    const [user, nonce, signature] = parts as [string, string, string];
    const expected = this.sign(`${user}.${nonce}`);
    const given = Buffer.from(signature, 'base64url');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
    return Buffer.from(user, 'base64url').toString('utf8') === usernameKey ? nonce : undefined;
  }
}
