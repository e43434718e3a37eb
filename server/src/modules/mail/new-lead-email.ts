import { site } from '../../../../src/config/site';
import { escapeHtml } from '../../lib/escape-html';
import { headerSafe } from './invitation-email';

export interface NewLeadEmailInput {
  /** `<SITE_URL>/admin/leads`: where the admin reads and answers it. */
  link: string;
  name: string;
  email: string;
  company: string | null;
  message: string;
  receivedAt: Date;
}

/**
 * A message's body for a text part: line breaks kept (as \n), every other control or format character (a bare CR,
 * NUL, bidi overrides) a space. It never reaches a header: only the subject carries visitor text, through headerSafe.
 */
export function bodySafe(value: string): string {
  return value.replace(/\r\n?/g, '\n').replace(/[\u2028\u2029]/g, '\n').replace(/[^\P{Cc}\n]|\p{Cf}/gu, ' ');
}

/**
 * The notice a site admin gets for a new contact-form lead. Everything the visitor wrote is flattened to one line
 * in the subject (no header can start in it) and escaped in the HTML part; the visitor's address is only text in
 * the body (no Reply-To: the admin answers from the inbox, whose reply button opens a mailto: link).
 */
export function composeNewLeadEmail(input: NewLeadEmailInput): { subject: string; text: string; html: string } {
  const name = headerSafe(input.name, 100) || 'A visitor';
  const company = input.company ? headerSafe(input.company, 120) : '';
  const email = headerSafe(input.email, 254);
  const from = company ? `${name} (${company})` : name;
  const subject = headerSafe(`New lead from ${from} on ${site.name}`, 150);
  const received = input.receivedAt.toUTCString();
  const message = bodySafe(input.message).trim();
  const text =
    `${from} <${email}> wrote through the contact form on ${received}:\n\n${message}\n\n` +
    `Read, answer and file it in the leads inbox:\n${input.link}\n`;
  const html =
    `<h2>${escapeHtml(subject)}</h2>\n\n` +
    `<p>${escapeHtml(from)} &#60;${escapeHtml(email)}&#62; wrote through the contact form on ${escapeHtml(received)}:</p>\n` +
    `<blockquote style="white-space: pre-wrap">${escapeHtml(message)}</blockquote>\n` +
    `<p><a href="${escapeHtml(input.link)}">Open the leads inbox</a></p>\n`;
  return { subject, text, html };
}
