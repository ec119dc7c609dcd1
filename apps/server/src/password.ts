// Password hashing with scrypt at OWASP's recommended cost (N=2^17, r=8, p=1), in a self-describing string.
import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

const keyLength = 64;
/** OWASP: scrypt N=2^17 (128 MiB), r=8, p=1. Tests lower log2N through AppConfig.passwordHashLog2N. */
export const defaultPasswordHashLog2N = 17;
const r = 8;
const p = 1;

/** Each derivation holds 128 MiB at OWASP's cost: at most two at once bounds memory under a login flood. */
const maxConcurrentDerivations = 2;
/** Suspect sign-ins never hold the last slot, so a trusted or fresh one waits for no guess's hash. */
const maxSuspectDerivations = maxConcurrentDerivations - 1;
let running = 0;
let runningSuspect = 0;

/**
 * Who waits first for a derivation slot (docs/security.md "Sign-in throttling"): signed-in users' own changes and
 * trusted devices, then sign-ins from an address with no failure on record, then every other sign-in.
 */
export type HashPriority = 'trusted' | 'fresh' | 'suspect';
const priorities: readonly HashPriority[] = ['trusted', 'fresh', 'suspect'];
const waiting: Record<HashPriority, Array<() => void>> = { trusted: [], fresh: [], suspect: [] };

export interface HashOptions {
  priority?: HashPriority;
}

const canStart = (priority: HashPriority) =>
  running < maxConcurrentDerivations && (priority !== 'suspect' || runningSuspect < maxSuspectDerivations);

function take(priority: HashPriority): void {
  running += 1;
  if (priority === 'suspect') runningSuspect += 1;
}

/** Hands free slots to waiters, first lane first; a waiter is resumed holding its slot already. */
function startWaiting(): void {
  for (const priority of priorities) {
    while (waiting[priority].length > 0 && canStart(priority)) {
      take(priority);
      waiting[priority].shift()!();
    }
  }
}

async function withDerivationSlot<T>(work: () => Promise<T>, options: HashOptions): Promise<T> {
  const priority = options.priority ?? 'trusted';
  if (canStart(priority) && waiting[priority].length === 0) take(priority);
  else await new Promise<void>((resolve) => waiting[priority].push(resolve));
  try {
    return await work();
  } finally {
    running -= 1;
    if (priority === 'suspect') runningSuspect -= 1;
    startWaiting();
  }
}

function derive(password: string, salt: Buffer, log2N: number, r: number, p: number, options: HashOptions = {}): Promise<Buffer> {
  return withDerivationSlot(() => deriveNow(password, salt, log2N, r, p), options);
}

function deriveNow(password: string, salt: Buffer, log2N: number, r: number, p: number): Promise<Buffer> {
  const N = 2 ** log2N;
  // scrypt needs 128·N·r bytes; Node's default maxmem (32 MiB) is below OWASP's cost, so raise it to fit.
  const options: ScryptOptions = { N, r, p, maxmem: 128 * N * r * 2 };
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFC'), salt, keyLength, options, (error, key) => (error ? reject(error) : resolve(key)));
  });
}

/** `scrypt$17$8$1$<salt>$<hash>` (base64url): the parameters travel with the hash so the cost can rise later. */
export async function hashPassword(password: string, log2N = defaultPasswordHashLog2N): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, log2N, r, p);
  return ['scrypt', log2N, r, p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

export async function verifyPassword(password: string, stored: string, options: HashOptions = {}): Promise<boolean> {
  const [scheme, log2N, storedR, storedP, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64url');
  const key = await derive(password, Buffer.from(salt, 'base64url'), Number(log2N), Number(storedR), Number(storedP), options);
  return key.length === expected.length && timingSafeEqual(key, expected);
}

/** A hash no password matches, compared against when the username is unknown so timing does not reveal it. */
const decoyHashes = new Map<number, Promise<string>>();
export function decoyPasswordHash(log2N = defaultPasswordHashLog2N): Promise<string> {
  let decoy = decoyHashes.get(log2N);
  if (!decoy) {
    decoy = hashPassword(randomBytes(16).toString('hex'), log2N);
    decoyHashes.set(log2N, decoy);
  }
  return decoy;
}
