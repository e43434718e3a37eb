/**
 * `npm run hosted:setup`: what SQL cannot set up on a Supabase project (the recording, the site admin), then the
 * settings it can read. See HOSTED_SETUP_USAGE. Works the same against the own server (its service-role key).
 */
import { STORAGE_SEED_DIR } from '../project-paths';
import { newAdminPasswordProblem } from './admin-create.utils';
import { checkAccess, checkAuthSettings, checkDatabase, createSetupContext, setUpRecording, setUpSiteAdmin } from './hosted-setup-steps';
import { dashboardReminders, formatFinding, HOSTED_SETUP_USAGE, parseSetupEnv, type Finding } from './hosted-setup.utils';
import { createPasswordPrompt, PromptCancelledError } from './read-password';

export interface SetupOutput {
  log(line: string): void;
  error(line: string): void;
}

/** ADMIN_PASSWORD, or typed twice without echo; the same rules as `npm run admin:create`. */
async function readPassword(username: string, given: string | undefined): Promise<string | { problem: string }> {
  if (given !== undefined) {
    const problem = newAdminPasswordProblem(given, given);
    return problem === null ? given : { problem: `ADMIN_PASSWORD: ${problem}` };
  }
  const prompt = createPasswordPrompt();
  try {
    const password = await prompt.ask(`Password for the site admin "${username}": `);
    const problem = newAdminPasswordProblem(password, await prompt.ask('Repeat the password: '));
    return problem === null ? password : { problem };
  } finally {
    prompt.close();
  }
}

/** Runs every step and prints one line per finding; the exit code is 1 when any step failed. */
export async function runHostedSetup(environment: Record<string, string | undefined>, out: SetupOutput): Promise<number> {
  const parsed = parseSetupEnv(environment);
  if (!parsed.ok) {
    for (const problem of parsed.problems) out.error(`✗ ${problem}`);
    out.error(`\n${HOSTED_SETUP_USAGE}`);
    return 2;
  }
  const { env } = parsed;
  const ctx = createSetupContext(env, STORAGE_SEED_DIR);
  const findings: Finding[] = [];
  const report = (items: Finding[]) => {
    for (const finding of items) (finding.level === 'fail' ? out.error : out.log)(formatFinding(finding));
    findings.push(...items);
  };

  report(await checkAccess(ctx));
  if (findings.some((finding) => finding.level === 'fail')) return 1;
  const password = await readPassword(env.username, env.password);
  if (typeof password !== 'string') {
    out.error(`✗ ${password.problem} Nothing was changed.`);
    return 1;
  }
  report(await setUpRecording(ctx));
  report(await setUpSiteAdmin(ctx, password));
  report(await checkDatabase(ctx, password));
  report(await checkAuthSettings(ctx));
  out.log('\nIn the dashboard, check what no API can read:');
  for (const reminder of dashboardReminders(env.siteUrl)) out.log(`  - ${reminder}`);
  return findings.some((finding) => finding.level === 'fail') ? 1 : 0;
}

if (process.argv[1] && import.meta.filename === process.argv[1]) {
  try {
    if (process.argv.includes('--help') || process.argv.includes('-h')) console.log(HOSTED_SETUP_USAGE);
    else process.exitCode = await runHostedSetup(process.env, { log: console.log, error: console.error });
  } catch (error) {
    if (error instanceof PromptCancelledError) console.error(error.message);
    else console.error(`hosted:setup failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 1;
  }
  // Keep-alive sockets of fetch would hold the process a few seconds more.
  process.exit();
}
