import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ModuleContext } from '../../app-context';
import { isConnectionFailure } from '../../db/availability';
import { apiKeyGate } from '../../plugins/api-key';
import { InvalidJsonError } from '../../plugins/json-body';
import { adminDeleteFactorHandler, adminListFactorsHandler } from './admin-factor-handlers';
import { adminCreateUserHandler, adminGetUserHandler, adminListUsersHandler, adminUpdateUserHandler } from './admin-user-handlers';
import { AuthError, badRequest, databaseUnavailable, errorResponse, notFound } from './auth-error';
import type { AuthDeps } from './auth-deps';
import { enrollFactorHandler, unenrollFactorHandler } from './factor-handlers';
import { challengeFactorHandler, verifyFactorHandler } from './factor-verify-handlers';
import { logoutHandler } from './logout-handler';
import { createMailer } from './mailer';
import { prepareDummyHash } from './passwords';
import { createRateLimiter } from './rate-limiter';
import { rateLimitRules } from './rate-limit-rules';
import { otpHandler } from './otp-handler';
import { reauthenticateHandler } from './reauthenticate-handler';
import { recoverHandler } from './recover-handler';
import { resendHandler } from './resend-handler';
import { settingsHandler } from './settings-handler';
import { signupHandler } from './signup-handler';
import { tokenHandler } from './token-handler';
import { getUserHandler, updateUserHandler } from './user-handlers';
import { verifyLinkHandler, verifyOtpHandler } from './verify-handler';

/** Routes Kong leaves open on hosted Supabase: e-mail links are opened straight from the mailbox. */
const OPEN_ROUTES = new Set(['/auth/v1/verify']);
/** Routes that answer without the database. */
const NO_DATABASE_ROUTES = new Set(['/auth/v1/settings', '/auth/v1/.well-known/jwks.json']);

/** Library and framework errors in GoTrue's shapes; anything unknown stays a detail-free 500. */
function toAuthError(error: FastifyError | Error): unknown {
  if (error instanceof AuthError) return error;
  if (isConnectionFailure(error)) return databaseUnavailable();
  if (error instanceof InvalidJsonError) {
    return badRequest('bad_json', `Could not parse request body as JSON: ${error.message}`);
  }
  const code = (error as FastifyError).code;
  if (code === 'FST_ERR_CTP_BODY_TOO_LARGE') return new AuthError(413, 'validation_failed', 'Request body is too large');
  if (code === 'FST_ERR_CTP_EMPTY_JSON_BODY' || code === 'FST_ERR_CTP_INVALID_CONTENT_LENGTH') {
    return badRequest('bad_json', 'Could not parse request body as JSON: unexpected end of JSON input');
  }
  // GoTrue reads any body as JSON; Fastify refuses a Content-Type it cannot even parse before that.
  if (code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') return badRequest('bad_json', 'Could not parse request body as JSON: invalid Content-Type');
  // Any other request Fastify refuses (a malformed header, say) stays a 4xx in GoTrue's shape.
  const status = (error as FastifyError).statusCode;
  if (status && status >= 400 && status < 500) return new AuthError(status, 'validation_failed', error.message);
  return error;
}

/** Supabase Auth (GoTrue) compatible endpoints under /auth/v1 (contract §2). */
export async function authModule(app: FastifyInstance, ctx: ModuleContext): Promise<void> {
  const mailer = createMailer({ dataDir: ctx.config.dataDir, smtpUrl: ctx.config.smtpUrl, from: ctx.config.smtpFrom, log: app.log });
  const pending = new Set<Promise<void>>();
  const deps: AuthDeps = {
    config: ctx.config,
    sql: ctx.sql,
    tokens: { keys: ctx.jwtKeys, issuer: `${ctx.config.siteUrl}/auth/v1`, expiresIn: ctx.config.jwtExpiry },
    encryption: ctx.encryptionKeys,
    mailer,
    limiter: createRateLimiter(ctx.sql, rateLimitRules(ctx.config.rateLimits, ctx.config.emailMaxFrequency)),
    afterResponse(work, what) {
      const done = new Promise<void>((resolve) => setImmediate(resolve))
        .then(work)
        .catch((error: unknown) => app.log.error({ err: error }, `${what} failed`))
        .finally(() => pending.delete(done));
      pending.add(done);
    },
  };
  app.addHook('onClose', async () => {
    // E-mails on their way get a few seconds to finish.
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([Promise.allSettled(pending), new Promise((resolve) => (timer = setTimeout(resolve, 5000)))]);
    clearTimeout(timer);
    mailer.close();
  });
  void prepareDummyHash();

  // GoTrue reads any body as JSON, whatever its content type.
  app.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) => {
    const text = String(body);
    if (text.trim() === '') return done(null, undefined);
    try {
      done(null, JSON.parse(text));
    } catch (error) {
      done(new InvalidJsonError(error instanceof Error ? error.message : 'invalid JSON'), undefined);
    }
  });

  const gate = apiKeyGate(ctx.keys, ctx.jwtKeys);
  app.addHook('onRequest', (request: FastifyRequest, reply: FastifyReply, done: (error?: Error) => void) => {
    const route = request.routeOptions.url ?? '';
    const next = () => {
      // While the database is away, answer at once instead of waiting on connections that cannot succeed.
      if (request.method !== 'OPTIONS' && !NO_DATABASE_ROUTES.has(route) && !ctx.database.isAvailable()) return done(databaseUnavailable());
      done();
    };
    if (OPEN_ROUTES.has(route)) return next();
    gate(request, reply, next);
  });
  // Tokens and user data are never kept by a shared cache (GoTrue sends the same).
  app.addHook('onSend', async (_request, reply) => {
    if (!reply.hasHeader('Cache-Control')) reply.header('Cache-Control', 'no-store');
  });

  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (isConnectionFailure(error)) ctx.database.reportConnectionFailure();
    const reply_ = errorResponse(toAuthError(error), request.headers['x-supabase-api-version'], request.id);
    if (reply_.status >= 500) request.log.error({ err: error }, 'auth request failed');
    return reply.code(reply_.status).headers(reply_.headers).send(reply_.body);
  });

  app.post('/signup', signupHandler(deps));
  app.post('/token', tokenHandler(deps));
  app.post('/logout', logoutHandler(deps));
  app.get('/user', getUserHandler(deps));
  app.put('/user', updateUserHandler(deps));
  app.post('/recover', recoverHandler(deps));
  app.post('/otp', otpHandler(deps));
  app.post('/resend', resendHandler(deps));
  app.get('/reauthenticate', reauthenticateHandler(deps));
  app.get('/verify', verifyLinkHandler(deps));
  app.post('/verify', verifyOtpHandler(deps));
  app.get('/settings', settingsHandler(deps));
  app.post('/factors', enrollFactorHandler(deps));
  app.post('/factors/:factorId/challenge', challengeFactorHandler(deps));
  app.post('/factors/:factorId/verify', verifyFactorHandler(deps));
  app.delete('/factors/:factorId', unenrollFactorHandler(deps));
  // Service-role key only (admin-guard.ts): what `npm run hosted:setup` calls on either backend.
  app.get('/admin/users', adminListUsersHandler(deps));
  app.post('/admin/users', adminCreateUserHandler(deps));
  app.get('/admin/users/:id', adminGetUserHandler(deps));
  app.put('/admin/users/:id', adminUpdateUserHandler(deps));
  app.get('/admin/users/:id/factors', adminListFactorsHandler(deps));
  app.delete('/admin/users/:id/factors/:factorId', adminDeleteFactorHandler(deps));
  // The public halves of the signing keys (never the HS256 secret): supabase-js getClaims() verifies tokens with them.
  const jwks = { keys: ctx.jwtKeys.jwks };
  app.get('/.well-known/jwks.json', async (_request, reply) => reply.header('cache-control', 'public, max-age=600').send(jwks));
  app.all('/*', async () => {
    throw notFound('not_found', 'Not Found');
  });
}
