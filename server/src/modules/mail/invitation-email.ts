import { accessRoleLabel } from '../../../../src/config/access-roles';
import { site } from '../../../../src/config/site';
import { escapeHtml } from '../../lib/escape-html';

export interface InvitationEmailInput {
  /** `<SITE_URL>/invite/<token>`. */
  link: string;
  workspaceName: string;
  inviterName: string | null;
  accessRole: string;
  expiresAt: Date;
}

/**
 * Text that users wrote (workspace and inviter names) for a header or a line: control characters (line breaks
 * included, so nothing can start a new header) become spaces, runs of white space one space, at most `max` characters.
 */
export function headerSafe(value: string, max = 80): string {
  const flat = value.replace(/[\p{Cc}\p{Cf}\u2028\u2029]+/gu, ' ').replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

/** The invitation e-mail: subject, plain text and HTML (user-written names escaped). */
export function composeInvitationEmail(input: InvitationEmailInput): { subject: string; text: string; html: string } {
  const workspace = headerSafe(input.workspaceName) || 'a workspace';
  const inviter = input.inviterName ? headerSafe(input.inviterName, 60) : '';
  const role = accessRoleLabel(input.accessRole).toLowerCase();
  const expires = input.expiresAt.toUTCString();
  const who = inviter ? `${inviter} invited you` : 'You are invited';
  const subject = headerSafe(`${who} to ${workspace} on ${site.name}`, 150);
  const lead = `${who} to join ${workspace} on ${site.platformName} as ${/^[aeiou]/.test(role) ? 'an' : 'a'} ${role}.`;
  const text =
    `${lead}\n\nAccept the invitation:\n${input.link}\n\n` +
    `The link works once, for this e-mail address, until ${expires}.\n` +
    `If you did not expect this invitation, you can ignore this e-mail.\n`;
  const html =
    `<h2>${escapeHtml(subject)}</h2>\n\n<p>${escapeHtml(lead)}</p>\n` +
    `<p><a href="${escapeHtml(input.link)}">Accept the invitation</a></p>\n` +
    `<p>The link works once, for this e-mail address, until ${escapeHtml(expires)}.<br>\n` +
    `If you did not expect this invitation, you can ignore this e-mail.</p>\n`;
  return { subject, text, html };
}
