import { createHash, createHmac, randomBytes } from 'node:crypto';

/**
 * Refresh tokens are opaque strings; the database keeps only their SHA-256, so a copy of the database
 * holds no usable token. A session's tokens form a chain: each child is an HMAC of its parent under the
 * server secret, so a parent presented again (within the reuse interval) can be answered with the
 * session's current token without storing any token in clear.
 */

export function newRefreshToken(): string {
  return randomBytes(32).toString('base64url');
}

export function childRefreshToken(secret: string, parent: string): string {
  return createHmac('sha256', secret).update(`refresh-token-child:${parent}`).digest('base64url');
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/**
 * Walks the chain from `presented` until a token whose hash is `activeHash` (at most `maxSteps` steps).
 * Returns that token, or undefined when the active token does not descend from the presented one.
 */
export function findDescendant(secret: string, presented: string, activeHash: string, maxSteps = 64): string | undefined {
  let token = presented;
  for (let step = 0; step < maxSteps; step += 1) {
    token = childRefreshToken(secret, token);
    if (hashToken(token) === activeHash) return token;
  }
  return undefined;
}
