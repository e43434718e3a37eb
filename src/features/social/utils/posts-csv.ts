import { z } from 'zod';
import type { CsvField, CsvImportSchema, CsvRowInput } from '@/components/csv/csv-schema';
import { checkPostLength, NETWORK_RULES, type SocialNetwork } from '@/features/social/network-rules';
import { momentAt } from '@/lib/zoned-time';

/** The fields of a file of posts: the text, the accounts (by handle or name), the moment, each network's own text. */
export type PostCsvField = 'text' | 'accounts' | 'scheduled' | 'bluesky' | 'mastodon' | 'webhook';

/** An account the import may post to (the workspace's own, as the composer lists them). */
export interface ImportAccount {
  id: string;
  network: string;
  display_name: string;
  status: string;
}

/** One line of the file as save_social_post takes it. */
export interface ImportedPost {
  body: string;
  channels: Array<{ account_id: string; body: string }>;
  /** ISO, or null: the line becomes a draft. */
  scheduledAt: string | null;
}

export const POST_CSV_FIELDS: readonly CsvField<PostCsvField>[] = [
  { key: 'text', label: 'Text', isRequired: true, aliases: ['Post', 'Body', 'Message', 'Content', 'Caption'] },
  { key: 'accounts', label: 'Accounts', isRequired: true, aliases: ['Account', 'Channels', 'Channel', 'Handles', 'Handle', 'Profiles'] },
  { key: 'scheduled', label: 'Scheduled time', isRequired: false, aliases: ['Scheduled', 'Scheduled at', 'Publish at', 'Date', 'When', 'Time'] },
  { key: 'bluesky', label: 'Bluesky text', isRequired: false, aliases: ['Bluesky'] },
  { key: 'mastodon', label: 'Mastodon text', isRequired: false, aliases: ['Mastodon'] },
  { key: 'webhook', label: 'Webhook text', isRequired: false, aliases: ['Webhook'] },
];

const MOMENT = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{1,2}):(\d{2})(?::\d{2})?$/;

/** '2026-12-01 09:30' in the workspace's zone → the moment; null when it is not a real day and time. */
export function parseImportMoment(text: string, timeZone: string): Date | null {
  const match = MOMENT.exec(text.trim());
  if (!match) return null;
  const [, year, month, day, hour, minute] = match.map(Number) as [number, number, number, number, number, number];
  const calendar = new Date(Date.UTC(year, month - 1, day));
  if (calendar.getUTCMonth() !== month - 1 || calendar.getUTCDate() !== day || hour > 23 || minute > 59) return null;
  const pad = (value: number) => String(value).padStart(2, '0');
  return momentAt(`${year}-${pad(month)}-${pad(day)}`, `${pad(hour)}:${pad(minute)}`, timeZone);
}

/** '@Studio.bsky.social' and 'studio.bsky.social' name the same account. */
const normaliseName = (name: string) => name.trim().replace(/^@/, '').toLowerCase();

/** The accounts a cell names, split on commas, semicolons or line breaks; repeated names count once. */
export function splitAccountNames(cell: string): string[] {
  const seen = new Set<string>();
  return cell
    .split(/[,;\n]/)
    .map((name) => name.trim())
    .filter((name) => name !== '' && !seen.has(normaliseName(name)) && Boolean(seen.add(normaliseName(name))));
}

/**
 * One mapped line → the post to save, or every problem in plain words. The same checks as the composer: each
 * account's version (its network's own column, else the text) against that network's length rule, a moment in the
 * future in the workspace's time zone (empty: a draft), and only this workspace's usable accounts.
 */
export function mapPostRow(
  input: CsvRowInput<PostCsvField>,
  accounts: readonly ImportAccount[],
  timeZone: string,
  now: Date,
): { ok: true; value: ImportedPost } | { ok: false; messages: string[] } {
  const messages: string[] = [];
  const body = input.text ?? '';
  if (body.trim() === '') messages.push('Text: write something to post.');
  const names = splitAccountNames(input.accounts ?? '');
  if (names.length === 0) messages.push('Accounts: name at least one account to post to.');
  const channels: ImportedPost['channels'] = [];
  for (const name of names) {
    const account = accounts.find((candidate) => normaliseName(candidate.display_name) === normaliseName(name));
    if (!account) {
      messages.push(`Accounts: "${name}" is not an account connected to this workspace.`);
      continue;
    }
    if (account.status === 'failed') {
      messages.push(`Accounts: ${account.display_name} could not be connected: connect it again first.`);
      continue;
    }
    const network = account.network as SocialNetwork;
    const own = input[network]?.trim() ? input[network]! : undefined;
    const text = own ?? body;
    if (body.trim() === '' && own === undefined) continue;
    const check = checkPostLength(network, text);
    if (!check.ok) messages.push(`${own === undefined ? 'Text' : `${NETWORK_RULES[network].label} text`} for ${account.display_name}: ${check.message}`);
    channels.push({ account_id: account.id, body: text });
  }
  let scheduledAt: string | null = null;
  const when = input.scheduled?.trim() ?? '';
  if (when !== '') {
    const moment = parseImportMoment(when, timeZone);
    if (!moment) messages.push(`Scheduled time: "${when}" is not a date and time like 2026-12-01 09:30 (${timeZone}).`);
    else if (moment.getTime() <= now.getTime()) messages.push(`Scheduled time: ${when} (${timeZone}) has passed: choose a time in the future.`);
    else scheduledAt = moment.toISOString();
  }
  if (messages.length > 0) return { ok: false, messages };
  return { ok: true, value: { body, channels, scheduledAt } };
}

/** The shared wizard's schema for a file of posts (its row checks: mapPostRow). */
export function postsCsvSchema(accounts: readonly ImportAccount[], timeZone: string, now: Date): CsvImportSchema<PostCsvField, ImportedPost> {
  const row = z.custom<CsvRowInput<PostCsvField>>().transform((input, context) => {
    const mapped = mapPostRow(input, accounts, timeZone, now);
    if (mapped.ok) return mapped.value;
    for (const message of mapped.messages) context.addIssue({ code: 'custom', message });
    return z.NEVER;
  });
  return { fields: POST_CSV_FIELDS, row };
}
