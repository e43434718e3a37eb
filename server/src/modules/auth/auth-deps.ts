import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../app-context';
import type { Sql } from '../../db/client';
import type { EncryptionKeyRing } from '../../lib/encryption-keys';
import type { Mailer } from './mailer';
import type { RateLimiter } from './rate-limiter';
import type { ClientInfo, TokenSettings } from './session-store';

/** What the auth handlers share: built once per app in `auth-routes.ts`. */
export interface AuthDeps {
  config: AppContext['config'];
  sql: Sql;
  /** How access tokens are signed (the signing key, else the HS256 secret), their issuer and lifetime. */
  tokens: TokenSettings;
  /** Keys of the second factors' secrets. */
  encryption: EncryptionKeyRing;
  mailer: Mailer;
  limiter: RateLimiter;
  /** Runs `work` once the answer is on its way (its failure is logged as `what`); a shutdown waits for it. */
  afterResponse(work: () => Promise<void>, what: string): void;
}

/** The client's IP (X-Forwarded-For only when TRUST_PROXY is set: Fastify's `trustProxy`) and user agent. */
export function clientOf(request: FastifyRequest): ClientInfo {
  const userAgent = request.headers['user-agent'];
  return { ip: request.ip, userAgent: typeof userAgent === 'string' ? userAgent : undefined };
}
