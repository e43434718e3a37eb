import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ModuleContext } from '../../app-context';
import { apiKeyGate } from '../../plugins/api-key';
import { parseCreateBucket, parseUpdateBucket } from './bucket-input';
import { findBucket, insertBucket, listBuckets, updateBucket, type ListOptions } from './buckets';
import { accessDenied, duplicate, invalidRequest, noSuchBucket } from './storage-errors';
import { storageCaller } from './storage-caller';

/**
 * Storage's bucket API (`/storage/v1/bucket`): list, get, create, update. On hosted Supabase, `storage.buckets` has
 * row-level security and no policies, so only the service key manages buckets; here the same: with any other key or
 * token the list is empty, a bucket is not found and a change is refused as RLS refuses it.
 */

/** The JSON body (the storage plugin keeps every body as bytes). */
export function jsonBody(request: FastifyRequest): unknown {
  const raw = request.body;
  if (!Buffer.isBuffer(raw) || raw.length === 0) return undefined;
  try {
    return JSON.parse(raw.toString('utf8'));
  } catch {
    throw invalidRequest('Body is not valid JSON');
  }
}

function listOptions(query: Record<string, unknown>): ListOptions {
  const integer = (value: unknown, name: string, min: number) => {
    if (value === undefined) return undefined;
    const number = Number(value);
    if (!Number.isInteger(number) || number < min) throw invalidRequest(`querystring/${name} must be >= ${min}`);
    return number;
  };
  const sortColumn = query.sortColumn;
  if (sortColumn !== undefined && !['id', 'name', 'created_at', 'updated_at'].includes(String(sortColumn))) {
    throw invalidRequest('querystring/sortColumn must be equal to one of the allowed values');
  }
  const sortOrder = query.sortOrder;
  if (sortOrder !== undefined && sortOrder !== 'asc' && sortOrder !== 'desc') {
    throw invalidRequest('querystring/sortOrder must be equal to one of the allowed values');
  }
  return {
    limit: integer(query.limit, 'limit', 1),
    offset: integer(query.offset, 'offset', 0),
    sortColumn: sortColumn as ListOptions['sortColumn'],
    sortOrder: sortOrder as ListOptions['sortOrder'],
    search: typeof query.search === 'string' ? query.search : undefined,
  };
}

export function registerBucketRoutes(app: FastifyInstance, ctx: ModuleContext): void {
  const gate = apiKeyGate(ctx.keys, ctx.jwtKeys);
  const isService = async (request: FastifyRequest) =>
    (await storageCaller(request.headers.authorization, ctx.keys, ctx.jwtKeys)) === 'service_role';

  app.get('/bucket', { preHandler: gate }, async (request, reply) => {
    const options = listOptions(request.query as Record<string, unknown>);
    return reply.send((await isService(request)) ? await listBuckets(ctx.sql, options) : []);
  });

  app.get('/bucket/:id', { preHandler: gate }, async (request, reply) => {
    const bucket = (await isService(request)) ? await findBucket(ctx.sql, (request.params as { id: string }).id) : undefined;
    if (!bucket) throw noSuchBucket();
    return reply.send(bucket);
  });

  app.post('/bucket', { preHandler: gate }, async (request, reply) => {
    if (!(await isService(request))) throw accessDenied();
    const input = parseCreateBucket(jsonBody(request));
    if (!(await insertBucket(ctx.sql, input.id, input.name, input))) throw duplicate('BucketAlreadyExists');
    return reply.send({ name: input.name });
  });

  app.put('/bucket/:id', { preHandler: gate }, async (request, reply) => {
    if (!(await isService(request))) throw accessDenied();
    const settings = parseUpdateBucket(jsonBody(request));
    if (!(await updateBucket(ctx.sql, (request.params as { id: string }).id, settings))) throw noSuchBucket();
    return reply.send({ message: 'Successfully updated' });
  });
}
