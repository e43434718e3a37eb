import { createHash, createHmac, pbkdf2Sync, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * Password authentication for the pipeline's connections: SCRAM-SHA-256 (RFC 5802/7677, PostgreSQL's default,
 * without channel binding), MD5 and cleartext. Pure, except for the client nonce.
 */

const hmac = (key: Buffer, text: string) => createHmac('sha256', key).update(text).digest();
const sha256 = (data: Buffer) => createHash('sha256').update(data).digest();

export interface ScramExchange {
  /** `client-first-message` sent with SASLInitialResponse. */
  clientFirst: string;
  /** Answers the server-first message: the `client-final-message` and the signature the server must send back. */
  final(serverFirst: string): { clientFinal: string; serverSignature: string };
}

/** `user` is `*`: PostgreSQL takes the user from the startup message. */
export function scramSha256(password: string, nonce = randomBytes(18).toString('base64'), user = '*'): ScramExchange {
  const clientFirstBare = `n=${user},r=${nonce}`;
  return {
    clientFirst: `n,,${clientFirstBare}`,
    final(serverFirst) {
      const attributes = Object.fromEntries(serverFirst.split(',').map((part) => [part.charAt(0), part.slice(2)]));
      const serverNonce = attributes.r ?? '';
      const salt = attributes.s;
      const iterations = Number(attributes.i);
      if (!serverNonce.startsWith(nonce) || !salt || !Number.isInteger(iterations) || iterations < 1) {
        throw new Error('SCRAM: the server sent an invalid first message');
      }
      const salted = pbkdf2Sync(password, Buffer.from(salt, 'base64'), iterations, 32, 'sha256');
      const clientKey = hmac(salted, 'Client Key');
      const withoutProof = `c=biws,r=${serverNonce}`;
      const authMessage = `${clientFirstBare},${serverFirst},${withoutProof}`;
      const signature = hmac(sha256(clientKey), authMessage);
      const proof = Buffer.from(clientKey.map((byte, index) => byte ^ signature[index]!));
      return {
        clientFinal: `${withoutProof},p=${proof.toString('base64')}`,
        serverSignature: hmac(hmac(salted, 'Server Key'), authMessage).toString('base64'),
      };
    },
  };
}

/** Whether the server-final message (`v=…`) carries the expected signature. */
export function verifyServerFinal(serverFinal: string, expected: string): boolean {
  const verifier = serverFinal.split(',').find((part) => part.startsWith('v='))?.slice(2);
  if (!verifier) return false;
  const a = Buffer.from(verifier);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** `md5` + md5(md5(password + user) + salt), PostgreSQL's MD5 password message. */
export function md5Password(user: string, password: string, salt: Buffer): string {
  const inner = createHash('md5').update(password + user).digest('hex');
  return `md5${createHash('md5').update(Buffer.concat([Buffer.from(inner), salt])).digest('hex')}`;
}
