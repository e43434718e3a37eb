import { describe, expect, it } from 'vitest';
import { auditPayload } from './audit-log';

describe('auditPayload', () => {
  it('GoTrue\'s payload, keys sorted, with its log type', () => {
    const payload = auditPayload({ id: 'u-1', email: 'a@b.co' }, 'login', { provider: 'email' });
    expect(JSON.stringify(payload)).toBe(
      '{"action":"login","actor_id":"u-1","actor_username":"a@b.co","actor_via_sso":false,"log_type":"account","traits":{"provider":"email"}}',
    );
  });

  it.each([
    ['logout', 'account'],
    ['login_failed', 'account'],
    ['user_signedup', 'team'],
    ['user_modified', 'user'],
    ['user_updated_password', 'user'],
    ['token_refreshed', 'token'],
    ['token_revoked', 'token'],
  ] as const)('%s is of type %s', (action, logType) => {
    expect(auditPayload({ id: 'u', email: null }, action).log_type).toBe(logType);
  });

  it('an unknown actor and no traits', () => {
    expect(auditPayload({ id: null, email: 'x@y.z' }, 'login_failed')).toEqual({
      action: 'login_failed',
      actor_id: '',
      actor_username: 'x@y.z',
      actor_via_sso: false,
      log_type: 'account',
    });
  });
});
