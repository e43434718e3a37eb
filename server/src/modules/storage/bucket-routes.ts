import type { FastifyInstance, FastifyRequest } from 'fastify';
import { apiKeyGate } from '../../plugins/api-key';
import { parseCreateBucket, parseUpdateBucket } from './bucket-input';
import { bucketHasObjects, deleteBucket, findBucket, insertBucket, listBuckets, updateBucket, type ListOptions } from './buckets';
import { callerOf, type StorageContext } from './storage-context';
import { withScope } from './storage-db';
import { bucketAlreadyExists, bucketNotEmpty, invalidRequest, noSuchBucket, StorageError } from './storage-errors';

/**
 * Storage's bucket API (`/storage/v1/bucket`, src/http/routes/bucket/*.ts): list, get, create, update, empty, delete,
 * each run as the caller. On hosted Supabase, storage.buckets has row-level security and no policies, so only the
 * service key (which bypasses RLS) manages buckets; here the same rule decides the same way: with any other key or
 * token the list is empty, a bucket is not found, and a new one is refused by row-level security.
 */

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

const bucketIdOf = (request: FastifyRequest) => (request.params as { id: string }).id;

export function registerBucketRoutes(app: FastifyInstance, ctx: StorageContext): void {
  const gate = apiKeyGate(ctx.keys, ctx.jwtKeys);

  app.get('/bucket', { preHandler: gate }, async (request, reply) => {
    const auth = await callerOf(ctx, request);
    const options = listOptions(request.query as Record<string, unknown>);
    return reply.send(await withScope(ctx.sql, auth, (tx) => listBuckets(tx, options)));
  });

  app.get('/bucket/:id', { preHandler: gate }, async (request, reply) => {
    const auth = await callerOf(ctx, request);
    const bucket = await withScope(ctx.sql, auth, (tx) => findBucket(tx, bucketIdOf(request)));
    if (!bucket) throw noSuchBucket();
    return reply.send(bucket);
  });

  app.post('/bucket', { preHandler: gate }, async (request, reply) => {
    const auth = await callerOf(ctx, request);
    const input = parseCreateBucket(request.body);
    const created = await withScope(ctx.sql, auth, (tx) => insertBucket(tx, input.id, input.name, input, auth.owner)).catch((error: unknown) => {
      throw error instanceof StorageError && error.code === 'ResourceAlreadyExists' ? bucketAlreadyExists() : error;
    });
    if (!created) throw bucketAlreadyExists();
    return reply.send({ name: input.name });
  });

  app.put('/bucket/:id', { preHandler: gate }, async (request, reply) => {
    const auth = await callerOf(ctx, request);
    const settings = parseUpdateBucket(request.body);
    if (!(await withScope(ctx.sql, auth, (tx) => updateBucket(tx, bucketIdOf(request), settings)))) throw noSuchBucket();
    return reply.send({ message: 'Successfully updated' });
  });

  // Storage queues the deletion; here it is done before answering, with Storage's words.
  app.post('/bucket/:id/empty', { preHandler: gate }, async (request, reply) => {
    const auth = await callerOf(ctx, request);
    const id = bucketIdOf(request);
    if (!(await withScope(ctx.sql, auth, (tx) => findBucket(tx, id)))) throw noSuchBucket();
    const removed = await withScope(ctx.sql, null, (tx) => tx<{ version: string | null }[]>`delete from storage.objects where bucket_id = ${id} returning version`);
    await ctx.files.remove(removed.map((row) => row.version));
    return reply.send({ message: 'Empty bucket has been queued. Completion may take up to an hour.' });
  });

  app.delete('/bucket/:id', { preHandler: gate }, async (request, reply) => {
    const auth = await callerOf(ctx, request);
    const id = bucketIdOf(request);
    if (!(await findBucket(ctx.sql, id))) throw noSuchBucket();
    if (await bucketHasObjects(ctx.sql, id)) throw bucketNotEmpty();
    if (!(await withScope(ctx.sql, auth, (tx) => deleteBucket(tx, id)))) throw noSuchBucket();
    return reply.send({ message: 'Successfully deleted' });
  });
}
