import { randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { badRequest, notFound, unprocessable } from './auth-error';
import { type AuthDeps, clientOf } from './auth-deps';
import { recordAudit } from './audit-log';
import { requireAdmin } from './admin-guard';
import { checkNewPassword, decodeBody, type FieldType, validateEmail } from './input-validation';
import { clearLinkTokens } from './one-time-tokens';
import { hashPassword } from './passwords';
import { endSessions } from './session-store';
import { serializeUser } from './user-serializer';
import { confirmUser, createUser, findUserByEmail, findUserById, listUsers, markEmailIdentityVerified } from './user-store';

/**
 * The part of GoTrue's admin API (`/admin/users`, service-role key only) that `npm run hosted:setup` and the
 * Supabase dashboard's "Add user" use: create a user, change its password, confirmation and metadata, read and list
 * users. Fields GoTrue has and this server does not (phone, role, ban, e-mail change) are refused, never ignored.
 */

type AdminUserParams = {
  email: string;
  password: string;
  email_confirm: boolean;
  user_metadata: Record<string, unknown>;
  app_metadata: Record<string, unknown>;
  phone: string;
  phone_confirm: boolean;
  role: string;
  aud: string;
  ban_duration: string;
  nonce: string;
};

const FIELDS: Record<keyof AdminUserParams, FieldType> = {
  email: 'string',
  password: 'string',
  email_confirm: 'boolean',
  user_metadata: 'object',
  app_metadata: 'object',
  phone: 'string',
  phone_confirm: 'boolean',
  role: 'string',
  aud: 'string',
  ban_duration: 'string',
  nonce: 'string',
};

const UNSUPPORTED = ['phone', 'phone_confirm', 'role', 'aud', 'ban_duration', 'nonce'] as const;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const SERVICE_ACTOR = { id: null, email: 'service_role' };

function decodeParams(body: unknown, unsupported: readonly string[]): Partial<AdminUserParams> {
  const params = decodeBody<AdminUserParams>(body, 'AdminUserParams', FIELDS, 'Could not decode admin user params: ');
  for (const field of unsupported) {
    if (params[field as keyof AdminUserParams] !== undefined && params[field as keyof AdminUserParams] !== false) {
      throw badRequest('validation_failed', `Setting ${field} is not supported by this server's admin API`);
    }
  }
  return params;
}

/** GoTrue's `UpdateAppMetaData` / `UpdateUserMetaData`: keys merged, a key set to null removed. */
function mergeSql(column: 'raw_app_meta_data' | 'raw_user_meta_data', changes: Record<string, unknown>) {
  const set = Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== null));
  const removed = Object.entries(changes).filter(([, value]) => value === null).map(([key]) => key);
  return { column, set, removed };
}

async function loadUser(deps: AuthDeps, request: FastifyRequest) {
  const id = (request.params as { id?: string }).id ?? '';
  if (!UUID.test(id)) throw badRequest('validation_failed', 'user_id must be an UUID');
  const user = await findUserById(deps.sql, id);
  if (!user) throw notFound('user_not_found', 'User not found');
  return user;
}

/** POST /admin/users — GoTrue `adminUserCreate` (e-mail users). */
export function adminCreateUserHandler(deps: AuthDeps) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    await requireAdmin(request, deps.tokens.keys);
    const params = decodeParams(request.body, UNSUPPORTED);
    if (!params.email) throw unprocessable('validation_failed', 'Cannot create a user without either an email or phone');
    const email = validateEmail(params.email);
    if (await findUserByEmail(deps.sql, email)) {
      throw unprocessable('email_exists', 'A user with this email address has already been registered');
    }
    // Without a password GoTrue sets a random one: the account signs in only after a recovery or a password change.
    const password = params.password || randomBytes(48).toString('base64url');
    checkNewPassword(password, deps.config.passwordMinLength);
    const passwordHash = await hashPassword(password);

    const id = await deps.sql.begin(async (tx) => {
      const userId = await createUser(tx, { email, passwordHash, data: params.user_metadata ?? {} });
      if (params.app_metadata) {
        const { set, removed } = mergeSql('raw_app_meta_data', params.app_metadata);
        await tx`
          update auth.users set raw_app_meta_data = (raw_app_meta_data - ${removed}::text[]) || ${tx.json(set as never)}
          where id = ${userId}`;
      }
      if (params.email_confirm) {
        await confirmUser(tx, userId);
        await markEmailIdentityVerified(tx, userId);
      }
      await recordAudit(tx, { actor: SERVICE_ACTOR, action: 'user_signedup', ip: clientOf(request).ip, traits: { user_id: userId, user_email: email } });
      return userId;
    });
    return reply.send(serializeUser((await findUserById(deps.sql, id))!));
  };
}

/**
 * PUT /admin/users/:id — GoTrue `adminUserUpdate`: password (every session of the account ends, as GoTrue's
 * `UpdatePassword` without a session), `email_confirm`, `app_metadata` and `user_metadata` (merged).
 */
export function adminUpdateUserHandler(deps: AuthDeps) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    await requireAdmin(request, deps.tokens.keys);
    const user = await loadUser(deps, request);
    const params = decodeParams(request.body, [...UNSUPPORTED, 'email']);
    if (params.password !== undefined) checkNewPassword(params.password, deps.config.passwordMinLength);
    const passwordHash = params.password === undefined ? undefined : await hashPassword(params.password);

    await deps.sql.begin(async (tx) => {
      if (params.email_confirm && !user.email_confirmed_at) {
        await confirmUser(tx, user.id);
        await markEmailIdentityVerified(tx, user.id);
      }
      if (passwordHash) {
        await tx`
          update auth.users
          set encrypted_password = ${passwordHash}, confirmation_token = '', confirmation_sent_at = null,
              recovery_token = '', recovery_sent_at = null, email_change_token_new = '', email_change_sent_at = null,
              updated_at = now()
          where id = ${user.id}`;
        await clearLinkTokens(tx, user.id);
        await endSessions(tx, user.id, 'global', undefined);
      }
      for (const changes of [
        params.app_metadata && mergeSql('raw_app_meta_data', params.app_metadata),
        params.user_metadata && mergeSql('raw_user_meta_data', params.user_metadata),
      ]) {
        if (!changes) continue;
        await tx`
          update auth.users
          set ${tx(changes.column)} = (coalesce(${tx(changes.column)}, '{}'::jsonb) - ${changes.removed}::text[]) || ${tx.json(changes.set as never)},
              updated_at = now()
          where id = ${user.id}`;
      }
      await recordAudit(tx, { actor: SERVICE_ACTOR, action: 'user_modified', ip: clientOf(request).ip, traits: { user_id: user.id, user_email: user.email } });
    });
    return reply.send(serializeUser((await findUserById(deps.sql, user.id))!));
  };
}

/** GET /admin/users/:id */
export function adminGetUserHandler(deps: AuthDeps) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    await requireAdmin(request, deps.tokens.keys);
    return reply.send(serializeUser(await loadUser(deps, request)));
  };
}

function pageParam(value: unknown, name: string, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  const number = Number(value);
  if (!Number.isInteger(number) || number < 1 || number > 1_000_000) {
    throw badRequest('validation_failed', `Bad Pagination Parameters: ${name} must be a positive whole number`);
  }
  return number;
}

/** GET /admin/users?page=&per_page=&filter= — newest first, `X-Total-Count` and `Link` as GoTrue sends them. */
export function adminListUsersHandler(deps: AuthDeps) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    await requireAdmin(request, deps.tokens.keys);
    const query = request.query as Record<string, unknown>;
    const page = pageParam(query.page, 'page', 1);
    const perPage = Math.min(pageParam(query.per_page, 'per_page', 50), 1000);
    const filter = typeof query.filter === 'string' ? query.filter : '';
    const { users, total } = await listUsers(deps.sql, { filter, limit: perPage, offset: (page - 1) * perPage });
    const lastPage = Math.max(1, Math.ceil(total / perPage));
    const link = (target: number, rel: string) => `</admin/users?page=${target}&per_page=${perPage}>; rel="${rel}"`;
    const links = [...(page < lastPage ? [link(page + 1, 'next')] : []), link(lastPage, 'last')];
    return reply.header('X-Total-Count', String(total)).header('Link', links.join(', ')).send({ users: users.map(serializeUser), aud: 'authenticated' });
  };
}
