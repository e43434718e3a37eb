import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ApiKeys } from '../lib/api-keys';

/**
 * Hosted Supabase's gateway check (contract §1.2): every API request carries a known `apikey`.
 * Returns a preHandler; routes that are open (e-mail links, public objects) do not use it.
 */
export function apiKeyGate(keys: ApiKeys) {
  const known = new Set([keys.anonKey, keys.serviceRoleKey]);
  // A callback hook, not an async one: it runs on every API request and needs no promise.
  return function checkApiKey(request: FastifyRequest, reply: FastifyReply, done: () => void) {
    if (request.method === 'OPTIONS') return done();
    const header = request.headers.apikey;
    const query = (request.query as Record<string, unknown> | undefined)?.apikey;
    const apikey = typeof header === 'string' ? header : typeof query === 'string' ? query : undefined;
    if (!apikey) {
      reply.code(401).send({ message: 'No API key found in request' });
      return;
    }
    if (!known.has(apikey)) {
      reply.code(401).send({ message: 'Invalid API key', hint: 'Double check your Supabase `anon` or `service_role` API key.' });
      return;
    }
    done();
  };
}

/** The role an API key stands for, when the Authorization header carries the key itself. */
export function roleOfApiKey(keys: ApiKeys, token: string): 'anon' | 'service_role' | undefined {
  if (token === keys.anonKey) return 'anon';
  if (token === keys.serviceRoleKey) return 'service_role';
  return undefined;
}
