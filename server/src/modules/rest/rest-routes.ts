import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ModuleContext } from '../../app-context';
import { RETRY_AFTER_SECONDS, isConnectionFailure } from '../../db/availability';
import { connectOptionsOf } from '../../db/pipeline/options';
import { createPipelinePool } from '../../db/pipeline/pool';
import { apiKeyGate } from '../../plugins/api-key';
import { InvalidJsonError } from '../../plugins/json-body';
import { createSchemaCache } from './catalogue/schema-cache';
import {
  bodyTooLarge,
  connectionError,
  fromDatabaseError,
  internalError,
  invalidBody,
  isPgError,
  maxAffectedViolation,
  RestError,
} from './errors';
import { bodyKindOf } from './parse/media';
import { parseRequest } from './parse/request';
import { createDbConfigCache, searchPathOf, SUPABASE_DEFAULTS, transactionEndOf } from './db-config';
import { createAuthenticator, type RequestAuth } from './request-auth';
import { requestHeadersSetting } from './request-headers';
import { buildResponse, exceedsMaxAffected, isSingularSatisfied, withSqlOverrides } from './response';
import { buildStatement, type Body } from './sql/build';
import { createStatementCache, readKey } from './statement-cache';
import { parseBody } from './sql/payload';
import { runInTransaction, runPreRequestOnly, type TransactionEnd } from './transaction';

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
  if (!header) return '{}';
  const cookies: Record<string, string> = {};
  for (const part of (header ?? '').split(';')) {
    const index = part.indexOf('=');
    if (index > 0) cookies[part.slice(0, index).trim()] = part.slice(index + 1).trim();
  }
  return JSON.stringify(cookies);
}

/** The request body by its Content-Type: JSON (parsed and kept as sent), raw text or XML, or bytes. */
function bodyOf(request: FastifyRequest): Body | undefined {
  const raw = request.body as string | Buffer | undefined;
  if (raw === undefined || raw.length === 0) return undefined;
  const kind = bodyKindOf(request.headers['content-type']);
  if (kind === 'binary') return { kind, data: Buffer.isBuffer(raw) ? raw : Buffer.from(raw) };
  const text = Buffer.isBuffer(raw) ? raw.toString('utf8') : raw;
  if (kind === 'text' || kind === 'xml') return { kind, text };
  if (kind === 'unsupported') throw invalidBody(`Content-Type not acceptable: ${(request.headers['content-type'] ?? '').split(';')[0]}`);
  const body = parseBody(text);
  return body && { kind: 'json', body };
}

/** PostgREST-compatible data API under /rest/v1 (contract §3). Authorization is PostgreSQL's row-level security. */
export async function restModule(app: FastifyInstance, ctx: ModuleContext): Promise<void> {
  const schemas = ctx.config.dbSchemas;
  const schema = await createSchemaCache(ctx.sql, schemas, (message) => app.log.warn(message));
  const dbConfig = await createDbConfigCache(ctx.sql, {
    defaults: { ...SUPABASE_DEFAULTS, aggregatesEnabled: ctx.config.dbAggregatesEnabled },
    log: (message) => app.log.warn(message),
  });
  // The per-request transactions go through the pipeline (docs/decisions/0007); everything else uses postgres.js.
  const pool = createPipelinePool(connectOptionsOf(ctx.sql, 'beyond-brochures data api'), { max: ctx.config.dbPool, idleTimeout: 30 });
  app.addHook('onClose', async () => {
    await Promise.all([schema.close(), dbConfig.close()]);
    await pool.end();
  });
  const authenticator = createAuthenticator(ctx.keys, ctx.jwtKeys);
  const statements = createStatementCache();

  // Bodies are kept as sent: the statement receives the JSON text, PostgreSQL types it; bytes stay bytes.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('application/octet-stream', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
  app.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) => done(null, body));

  app.addHook('preHandler', apiKeyGate(ctx.keys, ctx.jwtKeys));
  // Data may be personal: no shared cache keeps it (PostgREST leaves this to the gateway).
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (!reply.hasHeader('Cache-Control')) reply.header('Cache-Control', 'no-store');
    done(null, payload);
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

  /** What the database says of a request before it runs: the pre-request function's answer (the session check). */
  async function checkBeforeRouting(request: FastifyRequest, auth: RequestAuth, path: string): Promise<void> {
    const preRequest = dbConfig.current().preRequest;
    if (!preRequest || auth.session === null) return;
    try {
      await runPreRequestOnly(pool, {
        auth,
        preRequest,
        settings: {
          method: request.method,
          path,
          headers: requestHeadersSetting(request.headers, request.ip),
          cookies: cookiesOf(request.headers.cookie),
          searchPath: 'public, extensions',
          timezone: null,
        },
      });
    } catch (error) {
      if (isConnectionFailure(error)) {
        ctx.database.reportConnectionFailure();
        throw connectionError();
      }
      if (isPgError(error)) throw fromDatabaseError(error, false);
      throw error;
    }
  }

  const handler = async (request: FastifyRequest, reply: FastifyReply) => {
    // While the database is away, answer at once instead of waiting on connections that cannot succeed.
    if (!ctx.database.isAvailable()) throw connectionError();
    const url = request.raw.url ?? '';
    const queryStart = url.indexOf('?');
    const fullPath = queryStart < 0 ? url : url.slice(0, queryStart);
    const query = queryStart < 0 ? '' : url.slice(queryStart + 1);
    const path = fullPath.slice(fullPath.indexOf('/rest/v1') + '/rest/v1'.length);

    // A token already verified (and not expired) needs no promise; anything else is checked by `authenticate`.
    const auth: RequestAuth = authenticator.known(request.headers.authorization) ?? (await authenticator.authenticate(request.headers.authorization));
    const catalogue = schema.current();
    const config = dbConfig.current();
    const key = readKey(request.method, url, request.headers);
    const cached = key === null ? undefined : statements.get(key, catalogue, config);
    let apiRequest, statement;
    try {
      apiRequest = cached?.request ?? parseRequest({ method: request.method, path, query, headers: request.headers, schemas });
      statement =
        cached?.statement ??
        buildStatement(apiRequest, catalogue, bodyOf(request), { aggregatesEnabled: config.aggregatesEnabled, maxRows: config.maxRows });
    } catch (error) {
      // A method this API does not serve (405) is said only to a caller the database accepts: a signed-out or
      // deleted user's token gets the 401 of every other verb (PostgREST authenticates before routing).
      if (error instanceof RestError && error.status === 405) await checkBeforeRouting(request, auth, path);
      throw error;
    }
    if (key !== null && !cached) statements.set(key, { catalogue, config, request: apiRequest, statement });

    // The end of the transaction (db-tx-end, Prefer: tx) at once; singular answers and max-affected after the rows.
    const checksRows = !statement.readOnly && (apiRequest.media.kind === 'object' || apiRequest.preferences.maxAffected !== undefined);
    const { rollback, applied: txApplied } = transactionEndOf(config.txEnd, apiRequest.preferences.tx);
    const end: TransactionEnd | ((row: Parameters<typeof isSingularSatisfied>[1]) => TransactionEnd) = checksRows
      ? (row) => (!rollback && isSingularSatisfied(apiRequest, row) && !exceedsMaxAffected(apiRequest, row) ? 'commit' : 'rollback')
      : rollback
        ? 'rollback'
        : 'commit';
    let result;
    try {
      result = await runInTransaction(pool, {
        readOnly: statement.readOnly,
        auth,
        settings: {
          method: request.method,
          path: statement.path,
          headers: requestHeadersSetting(request.headers, request.ip),
          cookies: cookiesOf(request.headers.cookie),
          searchPath: searchPathOf(apiRequest.schema, config.extraSearchPath),
          timezone: statement.timezone,
        },
        statement,
        explain: statement.explain,
        preRequest: config.preRequest,
        end,
      });
    } catch (error) {
      if (isConnectionFailure(error)) {
        ctx.database.reportConnectionFailure();
        throw connectionError();
      }
      if (isPgError(error)) throw fromDatabaseError(error, auth.role === 'anon');
      throw error;
    }
    if (exceedsMaxAffected(apiRequest, result.row)) throw maxAffectedViolation(result.row.page_total);

    const response = withSqlOverrides(buildResponse(apiRequest, statement, result.row, query, result.plannedRows, txApplied), result.row);
    if (apiRequest.negotiatedByProfile) response.headers['Content-Profile'] = apiRequest.schema;
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
