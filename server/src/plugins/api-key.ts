import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ApiKeys } from '../lib/api-keys';
import { verifyJwt } from '../lib/jwt';
import type { JwtKeys } from '../lib/jwt-keys';

/** Other API keys seen to be valid (signed by the server's keys, role anon or service_role), kept for later requests. */
const ACCEPTED_KEYS_KEPT = 100;

/**
 * Hosted Supabase's gateway check (contract §1.2): every API request carries a known `apikey`: the server's own anon
 * or service-role key, or another key the server's keys signed for one of those roles (an API key signed with the
 * asymmetric signing key, as newer Supabase projects issue). Returns a preHandler; open routes do not use it.
 */
export function apiKeyGate(keys: ApiKeys, jwtKeys: JwtKeys) {
  const known = new Set([keys.anonKey, keys.serviceRoleKey]);
  const accepted = new Set<string>();
  const refuse = (reply: FastifyReply) =>
    reply.code(401).send({ message: 'Invalid API key', hint: 'Double check your Supabase `anon` or `service_role` API key.' });
  // A callback hook, not an async one: it runs on every API request and the known keys need no promise.
  return function checkApiKey(request: FastifyRequest, reply: FastifyReply, done: () => void) {
    if (request.method === 'OPTIONS') return done();
    const header = request.headers.apikey;
    const query = (request.query as Record<string, unknown> | undefined)?.apikey;
    const apikey = typeof header === 'string' ? header : typeof query === 'string' ? query : undefined;
    if (!apikey) {
      reply.code(401).send({ message: 'No API key found in request' });
      return;
    }
    if (known.has(apikey) || accepted.has(apikey)) return done();
    if (apikey.length > 4096 || apikey.split('.').length !== 3) return void refuse(reply);
    void verifyJwt(apikey, jwtKeys).then((result) => {
      const role = result.ok ? result.claims.role : undefined;
      if (role !== 'anon' && role !== 'service_role') return void refuse(reply);
      if (accepted.size >= ACCEPTED_KEYS_KEPT) accepted.delete(accepted.values().next().value!);
      accepted.add(apikey);
      done();
    });
  };
}

/** The role an API key stands for, when the Authorization header carries the key itself. */
export function roleOfApiKey(keys: ApiKeys, token: string): 'anon' | 'service_role' | undefined {
  if (token === keys.anonKey) return 'anon';
  if (token === keys.serviceRoleKey) return 'service_role';
  return undefined;
}
