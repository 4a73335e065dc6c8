import { argon2, hash, randomBytes, timingSafeEqual } from 'node:crypto';

/** A random bearer secret: `<prefix>` + 256 bits in base64url. */
export function newSecret(prefix: string): string {
  return `${prefix}${randomBytes(32).toString('base64url')}`;
}

/**
 * What we store for a high-entropy secret (session token, API key, OAuth token): its SHA-256. Looking a secret up by
 * this hash never compares secrets byte by byte in application code, so there is no timing oracle.
 */
export function hashSecret(secret: string): string {
  return hash('sha256', secret, 'hex');
}

/** OWASP's argon2id baseline: 19 MiB, 2 passes, 1 lane (about 0.1 s on a 2-core machine). */
const ARGON2 = { memory: 19_456, passes: 2, parallelism: 1, tagLength: 32 };

function derive(password: string, nonce: Buffer, params: typeof ARGON2): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    argon2('argon2id', { message: password.normalize('NFKC'), nonce, ...params }, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

const b64 = (buffer: Buffer) => buffer.toString('base64').replace(/=+$/, '');

/** An argon2id password hash in the PHC string format: `$argon2id$v=19$m=19456,t=2,p=1$<salt>$<hash>`. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, ARGON2);
  return `$argon2id$v=19$m=${ARGON2.memory},t=${ARGON2.passes},p=${ARGON2.parallelism}$${b64(salt)}$${b64(key)}`;
}

const PHC = /^\$argon2id\$v=19\$m=(\d+),t=(\d+),p=(\d+)\$([A-Za-z0-9+/]+)\$([A-Za-z0-9+/]+)$/;

/** Checks a password against a stored hash in constant time; the parameters are read from the hash. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const match = PHC.exec(stored);
  if (!match) return false;
  const want = Buffer.from(match[5]!, 'base64');
  const key = await derive(password, Buffer.from(match[4]!, 'base64'), {
    memory: Number(match[1]),
    passes: Number(match[2]),
    parallelism: Number(match[3]),
    tagLength: want.length,
  });
  return key.length === want.length && timingSafeEqual(key, want);
}

let dummy: Promise<string> | undefined;

/** A hash to verify against when no account has the email, so a wrong email costs as long as a wrong password. */
export function dummyPasswordHash(): Promise<string> {
  dummy ??= hashPassword(randomBytes(16).toString('hex'));
  return dummy;
}
