import { escapeHtml } from '../../lib/escape-html';
import { headerSafe } from './invitation-email';

export interface ListConfirmationInput {
  /** `<SITE_URL>/email/confirm/<token>`. */
  link: string;
  listName: string;
  workspaceName: string;
  firstName: string | null;
  expiresAt: Date;
}

/** The double opt-in confirmation e-mail: subject, plain text and HTML (names flattened and escaped). */
export function composeListConfirmationEmail(input: ListConfirmationInput): { subject: string; text: string; html: string } {
  const list = headerSafe(input.listName) || 'a list';
  const workspace = headerSafe(input.workspaceName) || 'us';
  const hello = input.firstName ? `Hello ${headerSafe(input.firstName, 60)},` : 'Hello,';
  const subject = headerSafe(`Confirm your subscription to ${list}`, 150);
  const lead = `Someone, hopefully you, asked to receive ${list} from ${workspace} at this address.`;
  const expires = input.expiresAt.toUTCString();
  const text =
    `${hello}\n\n${lead}\n\nConfirm your subscription:\n${input.link}\n\n` +
    `The link works until ${expires}. If you did not ask for this, ignore this e-mail: nothing will be sent.\n`;
  const html =
    `<p>${escapeHtml(hello)}</p>\n<p>${escapeHtml(lead)}</p>\n` +
    `<p><a href="${escapeHtml(input.link)}">Confirm your subscription</a></p>\n` +
    `<p>The link works until ${escapeHtml(expires)}. If you did not ask for this, ignore this e-mail: nothing will be sent.</p>\n`;
  return { subject, text, html };
}
