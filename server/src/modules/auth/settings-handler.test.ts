import { describe, expect, it } from 'vitest';
import { authSettings } from './settings-handler';

describe('authSettings', () => {
  it('GoTrue\'s settings body: e-mail only, autoconfirm as configured', () => {
    const settings = authSettings(false);
    expect(Object.keys(settings)).toEqual(['external', 'disable_signup', 'mailer_autoconfirm', 'phone_autoconfirm', 'sms_provider', 'saml_enabled']);
    expect(Object.entries(settings.external).filter(([, enabled]) => enabled)).toEqual([['email', true]]);
    expect(Object.keys(settings.external)).toHaveLength(25);
    expect(settings.mailer_autoconfirm).toBe(false);
    expect(authSettings(true).mailer_autoconfirm).toBe(true);
  });

  it('anonymous_users follows AUTH_EXTERNAL_ANONYMOUS_USERS_ENABLED', () => {
    expect(authSettings(true).external.anonymous_users).toBe(false);
    expect(Object.entries(authSettings(true, true).external).filter(([, enabled]) => enabled)).toEqual([
      ['anonymous_users', true],
      ['email', true],
    ]);
  });
});
