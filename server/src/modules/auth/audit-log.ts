import { sortKeysDeep } from './user-serializer';
import type { Db } from './auth-db';

/**
 * Auth events in `auth.audit_log_entries`, with GoTrue's payload (`models.NewAuditLogEntry`).
 * Never a password or a token: only who, what, from where, and a few non-secret traits.
 */
export type AuditAction =
  | 'login'
  | 'login_failed'
  | 'logout'
  | 'user_signedup'
  | 'user_confirmation_requested'
  | 'user_repeated_signup'
  | 'user_recovery_requested'
  | 'user_updated_password'
  | 'user_modified'
  | 'token_refreshed'
  | 'token_revoked'
  | 'user_reauthenticate_requested'
  | 'factor_in_progress'
  | 'factor_unenrolled'
  | 'factor_deleted'
  | 'challenge_created'
  | 'verification_attempted';

const LOG_TYPE: Record<AuditAction, string> = {
  login: 'account',
  login_failed: 'account',
  logout: 'account',
  user_signedup: 'team',
  user_confirmation_requested: 'user',
  user_repeated_signup: 'user',
  user_recovery_requested: 'user',
  user_updated_password: 'user',
  user_modified: 'user',
  token_refreshed: 'token',
  token_revoked: 'token',
  user_reauthenticate_requested: 'user',
  factor_in_progress: 'factor',
  factor_unenrolled: 'factor',
  factor_deleted: 'factor',
  challenge_created: 'factor',
  verification_attempted: 'factor',
};

export interface AuditActor {
  id: string | null;
  email: string | null;
}

export function auditPayload(actor: AuditActor, action: AuditAction, traits?: Record<string, unknown>): Record<string, unknown> {
  const payload: Record<string, unknown> = {
    actor_id: actor.id ?? '',
    actor_via_sso: false,
    actor_username: actor.email ?? '',
    action,
    log_type: LOG_TYPE[action],
  };
  if (traits && Object.keys(traits).length > 0) payload.traits = traits;
  return sortKeysDeep(payload) as Record<string, unknown>;
}

export async function recordAudit(
  db: Db,
  entry: { actor: AuditActor; action: AuditAction; ip: string; traits?: Record<string, unknown> },
): Promise<void> {
  const payload = auditPayload(entry.actor, entry.action, entry.traits);
  await db`
    insert into auth.audit_log_entries (instance_id, payload, ip_address)
    values ('00000000-0000-0000-0000-000000000000', ${db.json(payload as never)}, ${entry.ip.slice(0, 64)})`;
}
