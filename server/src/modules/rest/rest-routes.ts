import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ModuleContext } from '../../app-context';
import { RETRY_AFTER_SECONDS, isConnectionFailure } from '../../db/availability';
import { apiKeyGate } from '../../plugins/api-key';
import { InvalidJsonError } from '../../plugins/json-body';
import {
  bodyTooLarge,
  connectionError,
  fromDatabaseError,
  internalError,
  invalidBody,
  isPgError,
  RestError,
} from './errors';
import { parseRequest } from './query-parser';
import { createDbConfigCache } from './db-config';
import { createAuthenticator, type RequestAuth } from './request-auth';
import { requestHeadersSetting } from './request-headers';
import { buildResponse, isSingularSatisfied } from './response';
import { createSchemaCache } from './schema-cache';
import { buildStatement, parseBody } from './sql-builder';
import { runInTransaction } from './transaction';

const JSON_TYPE = /^application\/([\w.+-]+\+)?json\b/i;

function sendError(reply: FastifyReply, error: RestError): FastifyReply {
  // PostgREST says when to come back on a 503 (postgrest-js waits that long before retrying a read).
  const retryAfter: Record<string, string> = error.status === 503 ? { 'Retry-After': String(RETRY_AFTER_SECONDS) } : {};
  return reply
    .code(error.status)
    .headers({ ...retryAfter, ...error.headers, 'Proxy-Status': `PostgREST; error=${error.code}` })
    .type('application/json; charset=utf-8')
    .send(JSON.stringify(error.body()));
}

function cookiesOf(header: string | undefined): string {
  const cookies: Record<string, string> = {};
  for (const part of (header ?? '').split(';')) {
    const index = part.indexOf('=');
    if (index > 0) cookies[part.slice(0, index).trim()] = part.slice(index + 1).trim();
  }
  return JSON.stringify(cookies);
}

/** PostgREST-compatible data API under /rest/v1 (contract §3). Authorization is PostgreSQL's row-level security. */
export async function restModule(app: FastifyInstance, ctx: ModuleContext): Promise<void> {
  const schema = await createSchemaCache(ctx.sql, (message) => app.log.warn(message));
  const dbConfig = await createDbConfigCache(ctx.sql, { log: (message) => app.log.warn(message) });
  app.addHook('onClose', async () => Promise.all([schema.close(), dbConfig.close()]));
  const authenticator = createAuthenticator(ctx.keys, ctx.config.jwtSecret);

  // Bodies are kept as text: the statement receives the JSON as sent, PostgreSQL types it.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) => done(null, body));

  app.addHook('preHandler', apiKeyGate(ctx.keys));
  // Data may be personal: no shared cache keeps it (PostgREST leaves this to the gateway).
  app.addHook('onSend', async (_request, reply) => {
    if (!reply.hasHeader('Cache-Control')) reply.header('Cache-Control', 'no-store');
  });

  app.setErrorHandler((error: Error & { code?: string; statusCode?: number }, request, reply) => {
    if (error instanceof RestError) return sendError(reply, error);
    if (error instanceof InvalidJsonError) return sendError(reply, invalidBody('Empty or invalid json'));
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') return sendError(reply, bodyTooLarge(app.initialConfig.bodyLimit ?? 1048576));
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return sendError(reply, new RestError(error.statusCode, { code: 'PGRST000', message: 'Invalid request' }));
    }
    request.log.error({ err: error }, 'data API request failed');
    return sendError(reply, internalError());
  });

  const handler = async (request: FastifyRequest, reply: FastifyReply) => {
    // While the database is away, answer at once instead of waiting on connections that cannot succeed.
    if (!ctx.database.isAvailable()) throw connectionError();
    const url = request.raw.url ?? '';
    const queryStart = url.indexOf('?');
    const fullPath = queryStart < 0 ? url : url.slice(0, queryStart);
    const query = queryStart < 0 ? '' : url.slice(queryStart + 1);
    const path = fullPath.slice(fullPath.indexOf('/rest/v1') + '/rest/v1'.length);

    const auth: RequestAuth = await authenticator.authenticate(request.headers.authorization);
    const apiRequest = parseRequest({ method: request.method, path, query, headers: request.headers });

    let body;
    if (typeof request.body === 'string' && request.body.trim() !== '') {
      const contentType = request.headers['content-type'] ?? '';
      if (!JSON_TYPE.test(contentType)) throw invalidBody(`Content-Type not acceptable: ${contentType.split(';')[0]}`);
      body = parseBody(request.body);
    }

    const statement = buildStatement(apiRequest, schema.current(), body);
    let result;
    try {
      result = await runInTransaction(ctx.sql, {
        readOnly: statement.readOnly,
        auth,
        settings: {
          method: request.method,
          path: statement.path,
          headers: requestHeadersSetting(request.headers, request.ip),
          cookies: cookiesOf(request.headers.cookie),
        },
        statement,
        preRequest: dbConfig.current().preRequest,
        keep: apiRequest.singular && !statement.readOnly ? (row) => isSingularSatisfied(apiRequest, row) : undefined,
      });
    } catch (error) {
      if (isConnectionFailure(error)) {
        ctx.database.reportConnectionFailure();
        throw connectionError();
      }
      if (isPgError(error)) throw fromDatabaseError(error, auth.role === 'anon');
      throw error;
    }

    const response = buildResponse(apiRequest, statement, result.row, query);
    if (apiRequest.method === 'GET' || apiRequest.method === 'HEAD') {
      if (request.headers['accept-profile'] !== undefined) response.headers['Content-Profile'] = 'public';
    } else if (request.headers['content-profile'] !== undefined) {
      response.headers['Content-Profile'] = 'public';
    }
    reply.code(response.status).headers(response.headers);
    if (response.body === null) return reply.send();
    return reply.send(response.body);
  };

  app.route({
    method: ['GET', 'HEAD', 'POST', 'PATCH', 'DELETE', 'PUT'],
    url: '/*',
    handler,
  });
  app.route({ method: ['GET', 'HEAD', 'POST', 'PATCH', 'DELETE', 'PUT'], url: '/', handler });
}
