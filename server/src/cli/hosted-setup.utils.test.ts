import { describe, expect, it } from 'vitest';
import { authSettingsFindings, dashboardReminders, parseSetupEnv } from './hosted-setup.utils';

const jwt = (role: string) => `e30.${Buffer.from(JSON.stringify({ role })).toString('base64url')}.sig`;

describe('parseSetupEnv', () => {
  it('reads the project URL, the secret key (either name) and the admin, with defaults', () => {
    expect(parseSetupEnv({ SUPABASE_URL: 'https://abc.supabase.co/', SUPABASE_SECRET_KEY: 'sb_secret_x' })).toEqual({
      ok: true,
      env: { url: 'https://abc.supabase.co', serviceKey: 'sb_secret_x', username: 'admin', password: undefined, siteUrl: undefined },
    });
    expect(
      parseSetupEnv({ SUPABASE_URL: 'https://abc.supabase.co', SUPABASE_SERVICE_ROLE_KEY: jwt('service_role'), ADMIN_USERNAME: 'boss', SITE_URL: 'https://x.org/' }),
    ).toMatchObject({ ok: true, env: { username: 'boss', siteUrl: 'https://x.org' } });
  });

  it.each([
    [{}, 'SUPABASE_URL must be the project URL'],
    [{ SUPABASE_URL: 'ftp://abc' , SUPABASE_SERVICE_ROLE_KEY: 'k' }, 'must start with https://'],
    [{ SUPABASE_URL: 'https://abc.supabase.co' }, 'SUPABASE_SERVICE_ROLE_KEY must hold the secret key'],
    [{ SUPABASE_URL: 'https://abc.supabase.co', SUPABASE_SERVICE_ROLE_KEY: jwt('anon') }, 'holds the publishable (anon) key'],
    [{ SUPABASE_URL: 'https://abc.supabase.co', SUPABASE_SERVICE_ROLE_KEY: 'sb_publishable_x' }, 'holds the publishable (anon) key'],
    [{ SUPABASE_URL: 'https://abc.supabase.co', SUPABASE_SERVICE_ROLE_KEY: 'sb_secret_x', VITE_SUPABASE_ANON_KEY: 'sb_secret_x' }, 'VITE_SUPABASE_ANON_KEY holds a secret key'],
    [{ SUPABASE_URL: 'https://abc.supabase.co', SUPABASE_SERVICE_ROLE_KEY: 'sb_secret_x', ADMIN_USERNAME: 'a b' }, 'ADMIN_USERNAME must be'],
    [{ SUPABASE_URL: 'https://abc.supabase.co', SUPABASE_SERVICE_ROLE_KEY: 'sb_secret_x', SITE_URL: 'https://x.org/app' }, 'SITE_URL must be the address'],
  ])('%j: %s', (env, problem) => {
    const result = parseSetupEnv(env);
    expect(result.ok).toBe(false);
    expect(result.ok ? [] : result.problems.join('\n')).toContain(problem);
  });
});

describe('authSettingsFindings', () => {
  it('is content with sign-ups open and confirmations off', () => {
    expect(authSettingsFindings({ disable_signup: false, mailer_autoconfirm: true, external: { email: true } }).map((f) => f.level)).toEqual(['ok', 'ok']);
  });

  it('warns about confirmation e-mails through the built-in mailer, and fails closed sign-ups or e-mail sign-in', () => {
    const findings = authSettingsFindings({ disable_signup: true, mailer_autoconfirm: false, external: { email: false } });
    expect(findings.map((f) => f.level)).toEqual(['fail', 'fail', 'warn']);
    expect(findings[2]!.text).toContain('SMTP Settings');
  });
});

describe('dashboardReminders', () => {
  it('names the values this site needs', () => {
    expect(dashboardReminders('https://www.example.com').join('\n')).toContain('https://www.example.com/**');
    expect(dashboardReminders(undefined)[0]).toContain('https://<your site>');
  });
});
