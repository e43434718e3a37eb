import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../app-context';
import { apiKeyGate } from '../../plugins/api-key';
import { InvalidJsonError } from '../../plugins/json-body';
import { AuthError, badRequest, errorResponse, notFound } from './auth-error';
import type { AuthDeps } from './auth-deps';
import { logoutHandler } from './logout-handler';
import { createMailer } from './mailer';
import { prepareDummyHash } from './passwords';
import { createRateLimiter } from './rate-limiter';
import { rateLimitRules } from './rate-limit-rules';
import { recoverHandler } from './recover-handler';
import { settingsHandler } from './settings-handler';
import { signupHandler } from './signup-handler';
import { tokenHandler } from './token-handler';
import { getUserHandler, updateUserHandler } from './user-handlers';
import { verifyLinkHandler, verifyOtpHandler } from './verify-handler';

/** Routes Kong leaves open on hosted Supabase: e-mail links are opened straight from the mailbox. */
const OPEN_ROUTES = new Set(['/auth/v1/verify']);

/** Library and framework errors in GoTrue's shapes; anything unknown stays a detail-free 500. */
function toAuthError(error: FastifyError | Error): unknown {
  if (error instanceof AuthError) return error;
  if (error instanceof InvalidJsonError) {
    return badRequest('bad_json', `Could not parse request body as JSON: ${error.message}`);
  }
  const code = (error as FastifyError).code;
  if (code === 'FST_ERR_CTP_BODY_TOO_LARGE') return new AuthError(413, 'validation_failed', 'Request body is too large');
  if (code === 'FST_ERR_CTP_EMPTY_JSON_BODY' || code === 'FST_ERR_CTP_INVALID_CONTENT_LENGTH') {
    return badRequest('bad_json', 'Could not parse request body as JSON: unexpected end of JSON input');
  }
  return error;
}

/** Supabase Auth (GoTrue) compatible endpoints under /auth/v1 (contract §2). */
export async function authModule(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const mailer = createMailer({ dataDir: ctx.config.dataDir, smtpUrl: ctx.config.smtpUrl, from: ctx.config.smtpFrom, log: app.log });
  const deps: AuthDeps = {
    config: ctx.config,
    sql: ctx.sql,
    tokens: { secret: ctx.config.jwtSecret, issuer: `${ctx.config.siteUrl}/auth/v1`, expiresIn: ctx.config.jwtExpiry },
    mailer,
    limiter: createRateLimiter(ctx.sql, rateLimitRules(ctx.config.rateLimits)),
  };
  app.addHook('onClose', async () => mailer.close());
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

  const gate = apiKeyGate(ctx.keys);
  app.addHook('onRequest', (request: FastifyRequest, reply: FastifyReply, done: () => void) => {
    if (OPEN_ROUTES.has(request.routeOptions.url ?? '')) return done();
    gate(request, reply, done);
  });

  app.setErrorHandler((error: FastifyError, request, reply) => {
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
  app.get('/verify', verifyLinkHandler(deps));
  app.post('/verify', verifyOtpHandler(deps));
  app.get('/settings', settingsHandler(deps));
  // Tokens are signed with the HS256 secret, which GoTrue never lists: supabase-js getClaims() then asks GET /user.
  app.get('/.well-known/jwks.json', async (_request, reply) => reply.header('cache-control', 'public, max-age=600').send({ keys: [] }));
  app.all('/*', async () => {
    throw notFound('not_found', 'Not Found');
  });
}
