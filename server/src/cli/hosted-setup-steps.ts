import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { adminEmailFromUsername } from '../../../src/config/admin';
import { site } from '../../../src/config/site';
import type { AuthSettings, Finding, SetupEnv } from './hosted-setup.utils';
import { authSettingsFindings } from './hosted-setup.utils';

/**
 * The steps of `npm run hosted:setup`, each through the public APIs of the backend (Supabase's or the own server's:
 * the same calls), each safe to repeat. Every step returns findings; a `fail` stops nothing that can still run.
 */

export interface SetupContext {
  env: SetupEnv;
  client: SupabaseClient;
  /** The recording shipped with the repository. */
  recordingFile: string;
}

export function createSetupContext(env: SetupEnv, seedDir: string): SetupContext {
  const client = createClient(env.url, env.serviceKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
  });
  return { env, client, recordingFile: path.join(seedDir, site.audio.bucket, site.audio.path) };
}

const ok = (text: string): Finding => ({ level: 'ok', text });
const warn = (text: string): Finding => ({ level: 'warn', text });
const fail = (text: string): Finding => ({ level: 'fail', text });

/** The key works and the project answers: the first call, so a wrong URL or key is said once and plainly. */
export async function checkAccess(ctx: SetupContext): Promise<Finding[]> {
  const { error } = await ctx.client.storage.listBuckets();
  if (!error) return [ok(`${ctx.env.url} accepts the secret key.`)];
  const status = (error as { status?: number; statusCode?: string }).status;
  if (status === 401 || /api key|jwt|signature/i.test(error.message)) {
    return [fail(`${ctx.env.url} refused the key (${error.message}): use the project's secret key (legacy: service_role).`)];
  }
  return [fail(`Cannot use ${ctx.env.url}: ${error.message}. Check SUPABASE_URL (the project URL, not the dashboard's).`)];
}

/** The public bucket the home page plays from, and the recording in it, served at its public URL. */
export async function setUpRecording(ctx: SetupContext): Promise<Finding[]> {
  const findings: Finding[] = [];
  const { bucket: bucketId, path: objectPath } = site.audio;
  const existing = await ctx.client.storage.getBucket(bucketId);
  if (existing.data) {
    if (existing.data.public) {
      findings.push(ok(`The bucket "${bucketId}" exists and is public.`));
    } else {
      const updated = await ctx.client.storage.updateBucket(bucketId, { public: true });
      if (updated.error) return [fail(`Could not make the bucket "${bucketId}" public: ${updated.error.message}`)];
      findings.push(ok(`Made the bucket "${bucketId}" public (the home page plays from its public URL).`));
    }
  } else {
    const created = await ctx.client.storage.createBucket(bucketId, { public: true });
    if (created.error) return [fail(`Could not create the bucket "${bucketId}": ${created.error.message}`)];
    findings.push(ok(`Created the public bucket "${bucketId}".`));
  }

  const bytes = await readFile(ctx.recordingFile);
  const uploaded = await ctx.client.storage.from(bucketId).upload(objectPath, bytes, { contentType: 'audio/mpeg', cacheControl: '3600', upsert: true });
  if (uploaded.error) return [...findings, fail(`Could not upload ${objectPath}: ${uploaded.error.message}`)];
  findings.push(ok(`Uploaded ${objectPath} (${Math.round(bytes.length / 1024)} KB) to "${bucketId}".`));

  const publicUrl = ctx.client.storage.from(bucketId).getPublicUrl(objectPath).data.publicUrl;
  try {
    const response = await fetch(publicUrl);
    const served = Buffer.from(await response.arrayBuffer());
    if (response.ok && served.equals(bytes)) findings.push(ok(`The recording plays from ${publicUrl}`));
    else findings.push(fail(`${publicUrl} answered ${response.status} instead of the recording.`));
  } catch (error) {
    findings.push(fail(`${publicUrl} could not be fetched: ${error instanceof Error ? error.message : String(error)}`));
  }
  return findings;
}

async function findUserId(ctx: SetupContext, email: string): Promise<string | undefined> {
  for (let page = 1; page <= 1000; page++) {
    const { data, error } = await ctx.client.auth.admin.listUsers({ page, perPage: 1000 });
    if (error) throw error;
    const found = data.users.find((user) => user.email?.toLowerCase() === email);
    if (found) return found.id;
    if (data.users.length < 1000) return undefined;
  }
  return undefined;
}

/** The site admin as `npm run admin:create` makes it locally: created, or an existing account promoted. */
export async function setUpSiteAdmin(ctx: SetupContext, password: string): Promise<Finding[]> {
  const email = adminEmailFromUsername(ctx.env.username);
  const signIn = `Sign in at /admin-login with the username "${ctx.env.username}" (not the e-mail address).`;
  const created = await ctx.client.auth.admin.createUser({
    email,
    password,
    email_confirm: true,
    app_metadata: { site_admin: true },
    user_metadata: { first_name: 'Site', last_name: 'Admin', company_name: 'Site administration' },
  });
  if (!created.error) return [ok(`Created the site admin ${email}. ${signIn}`)];
  if (created.error.code !== 'email_exists' && !/already been registered/i.test(created.error.message)) {
    return [fail(`Could not create the site admin ${email}: ${created.error.message}`)];
  }
  const id = await findUserId(ctx, email);
  if (!id) return [fail(`${email} is registered but could not be found in the user list.`)];
  const updated = await ctx.client.auth.admin.updateUserById(id, { password, email_confirm: true, app_metadata: { site_admin: true } });
  if (updated.error) return [fail(`Could not make ${email} a site admin: ${updated.error.message}`)];
  return [ok(`${email} is a site admin with the new password (its sessions with the old one ended). ${signIn}`)];
}

async function restStatus(ctx: SetupContext, pathAndQuery: string, token: string) {
  const response = await fetch(`${ctx.env.url}/rest/v1/${pathAndQuery}`, {
    headers: { apikey: ctx.env.serviceKey, authorization: `Bearer ${token}` },
  });
  const body = (await response.json().catch(() => ({}))) as { code?: string; message?: string };
  return { status: response.status, code: body.code, message: body.message };
}

/** The migrations are pushed, and a signed-out token is refused at once (the pre-request session check). */
export async function checkDatabase(ctx: SetupContext, password: string): Promise<Finding[]> {
  const tables = await restStatus(ctx, 'menu_items?select=id&limit=1', ctx.env.serviceKey);
  if (tables.status !== 200) {
    return [fail(`The app's tables are missing (${tables.message ?? tables.status}): run \`npx supabase db push\` first.`)];
  }
  const findings = [ok("The database has the app's tables (migrations pushed).")];

  const probe = createClient(ctx.env.url, ctx.env.serviceKey, { auth: { persistSession: false, autoRefreshToken: false } });
  const { data, error } = await probe.auth.signInWithPassword({ email: adminEmailFromUsername(ctx.env.username), password });
  if (error || !data.session) return [...findings, warn(`Could not sign the site admin in to test sign-out: ${error?.message ?? 'no session'}`)];
  await probe.auth.signOut({ scope: 'local' });
  const after = await restStatus(ctx, 'profiles?select=user_id&limit=1', data.session.access_token);
  if (after.status === 401) findings.push(ok('A signed-out token is refused at once (the session check is active).'));
  else {
    findings.push(
      warn(
        'A signed-out token still reads data: the session check is not active. Push the migrations again ' +
          '(20261123030000 sets pgrst.db_pre_request) and reload the API settings: NOTIFY pgrst, \'reload config\'.',
      ),
    );
  }
  return findings;
}

/** GoTrue's public settings: sign-ups allowed, and whether sign-up needs a confirmation e-mail. */
export async function checkAuthSettings(ctx: SetupContext): Promise<Finding[]> {
  const response = await fetch(`${ctx.env.url}/auth/v1/settings`, { headers: { apikey: ctx.env.serviceKey } });
  if (!response.ok) return [warn(`Could not read the auth settings (${response.status}).`)];
  return authSettingsFindings((await response.json()) as AuthSettings);
}
