import { ADMIN_PASSWORD_MAX_BYTES, ADMIN_PASSWORD_MIN_LENGTH, ADMIN_USERNAME_PATTERN, ADMIN_USERNAME_RULE } from '../config';

export const ADMIN_CREATE_USAGE = [
  'Usage: npm run admin:create -- <username>',
  '',
  'Creates a site admin account, or makes the existing account of that username a site admin, with a password',
  'you type twice (not shown). Sign in with the username at /admin-login.',
  'Uses DATABASE_URL when set; otherwise the embedded PostgreSQL of DATA_DIR (default .data), whether the server',
  'is running or not. A password can also be piped: two lines, the password and its confirmation.',
].join('\n');

export type AdminCreateArgs = { kind: 'help' } | { kind: 'run'; username: string } | { kind: 'usage-error'; message: string };

/** The command line after `--`: one username, or --help. */
export function parseAdminCreateArgs(argv: readonly string[]): AdminCreateArgs {
  if (argv.some((arg) => arg === '--help' || arg === '-h')) return { kind: 'help' };
  const options = argv.filter((arg) => arg.startsWith('-'));
  if (options.length > 0) return { kind: 'usage-error', message: `Unknown option ${options[0]}.` };
  if (argv.length === 0) return { kind: 'usage-error', message: 'Give the username of the site admin.' };
  if (argv.length > 1) return { kind: 'usage-error', message: 'Give exactly one username.' };
  const username = argv[0]!;
  if (!ADMIN_USERNAME_PATTERN.test(username)) return { kind: 'usage-error', message: `The username ${ADMIN_USERNAME_RULE} (got "${username}").` };
  return { kind: 'run', username };
}

/** Why the typed password cannot be used, or null. Same rules as ADMIN_PASSWORD. */
export function newAdminPasswordProblem(password: string, confirmation: string): string | null {
  if (password.length < ADMIN_PASSWORD_MIN_LENGTH) return `The password must be at least ${ADMIN_PASSWORD_MIN_LENGTH} characters long.`;
  if (Buffer.byteLength(password) > ADMIN_PASSWORD_MAX_BYTES) return `The password must be at most ${ADMIN_PASSWORD_MAX_BYTES} bytes.`;
  if (password !== confirmation) return 'The passwords do not match.';
  return null;
}
