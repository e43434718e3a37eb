import { site } from '../../../../src/config/site';
import { escapeHtml } from '../../lib/escape-html';
import { headerSafe } from './invitation-email';
import { bodySafe } from './new-lead-email';

export interface DigestLead {
  name: string;
  email: string;
  company: string | null;
  message: string;
  createdAt: Date;
}

/** Leads a digest lists one by one; the rest are counted (all of them are in the inbox). */
export const DIGEST_LISTED = 50;
/** Characters of each message a digest quotes. */
export const DIGEST_EXCERPT = 280;

function excerpt(message: string): string {
  const flat = bodySafe(message).replace(/\s+/g, ' ').trim();
  return flat.length > DIGEST_EXCERPT ? `${flat.slice(0, DIGEST_EXCERPT - 1)}…` : flat;
}

/**
 * The digest a site admin gets instead of one notice per lead once a few came in an hour (docs/decisions/0016):
 * how many, then each lead (name, company, address, time, the start of the message), at most DIGEST_LISTED, and the
 * inbox link. Visitor text reaches no header (the subject holds only the count) and is escaped in the HTML part.
 */
export function composeLeadDigestEmail(input: { link: string; leads: DigestLead[] }): { subject: string; text: string; html: string } {
  const count = input.leads.length;
  const subject = `${count} new ${count === 1 ? 'lead' : 'leads'} on ${site.name}`;
  const listed = input.leads.slice(0, DIGEST_LISTED).map((lead) => {
    const name = headerSafe(lead.name, 100) || 'A visitor';
    const company = lead.company ? headerSafe(lead.company, 120) : '';
    return { from: company ? `${name} (${company})` : name, email: headerSafe(lead.email, 254), at: lead.createdAt.toUTCString(), message: excerpt(lead.message) };
  });
  const more = count - listed.length;
  const moreLine = more > 0 ? `…and ${more} more in the inbox.\n\n` : '';
  const intro = `${count === 1 ? 'A message' : `${count} messages`} came through the contact form while many were arriving, so they are sent together:`;
  const text =
    `${intro}\n\n` +
    listed.map((lead) => `${lead.from} <${lead.email}>, ${lead.at}:\n${lead.message}\n`).join('\n') +
    `\n${moreLine}Read, answer and file them in the leads inbox:\n${input.link}\n`;
  const html =
    `<h2>${escapeHtml(subject)}</h2>\n\n<p>${escapeHtml(intro)}</p>\n<ul>\n` +
    listed
      .map((lead) => `<li><p><strong>${escapeHtml(lead.from)}</strong> &#60;${escapeHtml(lead.email)}&#62;, ${escapeHtml(lead.at)}</p>\n<blockquote>${escapeHtml(lead.message)}</blockquote></li>\n`)
      .join('') +
    `</ul>\n${more > 0 ? `<p>…and ${more} more in the inbox.</p>\n` : ''}<p><a href="${escapeHtml(input.link)}">Open the leads inbox</a></p>\n`;
  return { subject, text, html };
}
