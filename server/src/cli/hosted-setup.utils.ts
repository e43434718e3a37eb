import { apiKeyKind, secretBuildVariables } from '../../../src/config/api-keys';
import { ADMIN_USERNAME_PATTERN, ADMIN_USERNAME_RULE } from '../config';

/** `npm run hosted:setup`: what it reads from the environment, and its advice. Pure. */

export const HOSTED_SETUP_USAGE = [
  'Usage: SUPABASE_URL=https://<ref>.supabase.co SUPABASE_SERVICE_ROLE_KEY=<secret key> npm run hosted:setup',
  '',
  'Sets up what SQL cannot on a Supabase project whose migrations are pushed: the public `audio` bucket with the',
  "home page's recording, and the site admin (username ADMIN_USERNAME, default admin; password ADMIN_PASSWORD or",
  'typed twice). Then checks the settings it can read. Run it again at any time: it changes only what is missing.',
  'The secret key stays in this process: never put it in a VITE_ variable or in the build.',
].join('\n');

export interface SetupEnv {
  url: string;
  serviceKey: string;
  username: string;
  password: string | undefined;
  /** The address the site is served from, when given: printed in the dashboard reminders. */
  siteUrl: string | undefined;
}

export type SetupEnvResult = { ok: true; env: SetupEnv } | { ok: false; problems: string[] };

export function parseSetupEnv(env: Record<string, string | undefined>): SetupEnvResult {
  const problems: string[] = [];
  const url = env.SUPABASE_URL?.trim().replace(/\/+$/, '') ?? '';
  const serviceKey = (env.SUPABASE_SERVICE_ROLE_KEY ?? env.SUPABASE_SECRET_KEY ?? '').trim();
  const username = env.ADMIN_USERNAME?.trim() || 'admin';
  const siteUrl = env.SITE_URL?.trim().replace(/\/+$/, '') || undefined;

  let parsedUrl: URL | undefined;
  try {
    parsedUrl = new URL(url);
  } catch {
    problems.push('SUPABASE_URL must be the project URL, e.g. https://abcdefghijklmnop.supabase.co (Project Settings → Data API).');
  }
  if (parsedUrl && parsedUrl.protocol !== 'https:' && parsedUrl.protocol !== 'http:') problems.push('SUPABASE_URL must start with https://.');
  if (!serviceKey) {
    problems.push('SUPABASE_SERVICE_ROLE_KEY must hold the secret key (Project Settings → API Keys: a secret key, or the legacy service_role key).');
  } else if (apiKeyKind(serviceKey) === 'publishable') {
    problems.push('SUPABASE_SERVICE_ROLE_KEY holds the publishable (anon) key: this command needs the secret (service_role) key.');
  }
  const leaked = secretBuildVariables(env);
  if (leaked.length > 0) {
    problems.push(`${leaked.join(', ')} holds a secret key: Vite would bake it into the browser bundle. Unset it; build with the publishable key.`);
  }
  if (!ADMIN_USERNAME_PATTERN.test(username)) problems.push(`ADMIN_USERNAME ${ADMIN_USERNAME_RULE} (got "${username}").`);
  if (siteUrl && !/^https?:\/\/[^/]+$/.test(siteUrl)) problems.push('SITE_URL must be the address the site is served from, e.g. https://www.example.com.');
  if (problems.length > 0) return { ok: false, problems };
  return { ok: true, env: { url, serviceKey, username, password: env.ADMIN_PASSWORD, siteUrl } };
}

/** GoTrue's public `GET /auth/v1/settings`, the part that matters to the app. */
export interface AuthSettings {
  disable_signup?: boolean;
  mailer_autoconfirm?: boolean;
  external?: { email?: boolean };
}

export type Finding = { level: 'ok' | 'warn' | 'fail'; text: string };

/** What the readable auth settings mean for the app, with the dashboard's path to change them. */
export function authSettingsFindings(settings: AuthSettings): Finding[] {
  const findings: Finding[] = [];
  if (settings.external?.email === false) {
    findings.push({ level: 'fail', text: 'E-mail sign-in is off: turn on the Email provider (Authentication → Sign In / Providers → Email).' });
  }
  if (settings.disable_signup) {
    findings.push({ level: 'fail', text: 'New sign-ups are refused: allow them (Authentication → Sign In / Providers → "Allow new users to sign up").' });
  } else {
    findings.push({ level: 'ok', text: 'New users may sign up.' });
  }
  if (settings.mailer_autoconfirm) {
    findings.push({ level: 'ok', text: '"Confirm email" is off: a new account is signed in at once.' });
  } else {
    findings.push({
      level: 'warn',
      text:
        '"Confirm email" is on: every sign-up is sent a confirmation e-mail. Supabase\'s built-in mailer sends only to ' +
        "your organization's members, a few an hour: set up custom SMTP (Authentication → Emails → SMTP Settings), " +
        'or turn "Confirm email" off (Authentication → Sign In / Providers → Email).',
    });
  }
  return findings;
}

/** The settings no API call can read: what to check by hand, with the values this site needs. */
export function dashboardReminders(siteUrl: string | undefined): string[] {
  const site = siteUrl ?? 'https://<your site>';
  return [
    `Authentication → URL Configuration → Site URL: ${site} (e-mail links fall back to it; the default http://localhost:3000 breaks them).`,
    `Authentication → URL Configuration → Redirect URLs: add ${site}/** (sign-up links return to the page that asked).`,
    'Authentication → Sign In / Providers → Email → Minimum password length: 6, as the sign-up form asks (or raise both).',
  ];
}

export function formatFinding(finding: Finding): string {
  return `${{ ok: '✓', warn: '!', fail: '✗' }[finding.level]} ${finding.text}`;
}
