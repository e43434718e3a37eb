import type { FastifyReply, FastifyRequest } from 'fastify';
import { isConnectionFailure } from '../../db/availability';
import { AuthError, internalError, unprocessable } from './auth-error';
import { type AuthDeps, clientOf } from './auth-deps';
import { recordAudit } from './audit-log';
import { checkUserMetadata } from './input-validation';
import { startSession } from './session-store';

/**
 * GoTrue's `SignupAnonymously` (POST /signup with neither e-mail nor phone): refused with GoTrue's 422 unless
 * AUTH_EXTERNAL_ANONYMOUS_USERS_ENABLED is on, then limited per client IP (RATE_LIMIT_ANONYMOUS_USERS an hour),
 * then a user with `is_anonymous`, `options.data` as its metadata, no identity and an empty app_metadata (GoTrue
 * leaves out `provider`/`providers` for anonymous users), signed in at once: aal1, `amr` method `anonymous`.
 * What such a user may do in the product is decided in the database (docs/decisions/0025-anonymous-sign-ins.md).
 */
export async function signUpAnonymously(
  deps: AuthDeps,
  request: FastifyRequest,
  reply: FastifyReply,
  data: Record<string, unknown> | undefined,
) {
  if (!deps.config.anonymousUsersEnabled) {
    throw unprocessable('anonymous_provider_disabled', 'Anonymous sign-ins are disabled');
  }
  const client = clientOf(request);
  await deps.limiter.take('anonymous_signup', client.ip);
  const metadata = checkUserMetadata(data ?? {});
  const body = await deps.sql
    .begin(async (tx) => {
      const [row] = await tx<{ id: string }[]>`
        insert into auth.users (email, encrypted_password, raw_app_meta_data, raw_user_meta_data, is_anonymous)
        values (null, '', '{}'::jsonb, ${tx.json(metadata as never)}, true)
        returning id`;
      const actor = { id: row!.id, email: null };
      await recordAudit(tx, { actor, action: 'user_signedup', ip: client.ip, traits: { provider: 'anonymous' } });
      await recordAudit(tx, { actor, action: 'login', ip: client.ip, traits: { provider: 'anonymous' } });
      return startSession(tx, deps.tokens, { id: row!.id }, 'anonymous', client);
    })
    .catch((error: unknown) => {
      if (error instanceof AuthError || isConnectionFailure(error)) throw error;
      throw Object.assign(internalError('Database error creating anonymous user'), { cause: error });
    });
  return reply.send(body);
}
