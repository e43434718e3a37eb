import { contactSources, lifecycleStages, type ContactSource, type LifecycleStage } from '@/config/contact-options';

/**
 * Reading and writing a contact's values (tags, stages, sources as exports write them). The database's rules for its
 * fields are `contactFieldsSchema` (contact-fields-schema.ts: zod, loaded with the form and the import, not the list).
 */

/** One plain address: no display name, spaces, commas, angle brackets or line breaks. */
export const CONTACT_EMAIL_PATTERN = /^[^\s@,;:<>()"\\]+@[^\s@,;:<>()"\\]+\.[^\s@,;:<>()"\\]+$/;
export const CONTACT_PHONE_PATTERN = /^[0-9+()./ -]+$/;

/** Tags trimmed, blanks dropped, the first spelling of each kept (tags compare in any case, as in the database). */
export function uniqueTags(tags: readonly string[]): string[] {
  const seen = new Set<string>();
  const kept: string[] = [];
  for (const raw of tags) {
    const tag = raw.trim();
    if (!tag || seen.has(tag.toLowerCase())) continue;
    seen.add(tag.toLowerCase());
    kept.push(tag);
  }
  return kept;
}

/**
 * 'vip, Q4 event; newsletter', Mailchimp's '"Customer","VIP, Gold"' (each tag quoted, a comma inside a quoted tag is
 * part of it, "" is a quote) or Google's 'Friends ::: * myContacts' → the tags (system labels starting * dropped,
 * unless quoted). A quote opens a quoted tag only at the start of a tag; elsewhere it is an ordinary character.
 */
export function splitTags(text: string): string[] {
  const tags: { text: string; isQuoted: boolean }[] = [];
  let tag = { text: '', isQuoted: false };
  let isInQuotes = false;
  for (let index = 0; index < text.length; index += 1) {
    const char = text[index]!;
    if (isInQuotes) {
      if (char === '"' && text[index + 1] === '"') [tag.text, index] = [tag.text + '"', index + 1];
      else if (char === '"') isInQuotes = false;
      else tag.text += char;
    } else if (char === '"' && tag.text.trim() === '') {
      tag = { text: '', isQuoted: true };
      isInQuotes = true;
    } else if (char === ',' || char === ';' || text.startsWith(':::', index)) {
      tags.push(tag);
      tag = { text: '', isQuoted: false };
      if (char === ':') index += 2;
    } else {
      tag.text += char;
    }
  }
  tags.push(tag);
  return uniqueTags(tags.filter((entry) => entry.isQuoted || !entry.text.trim().startsWith('*')).map((entry) => entry.text.trim()));
}

/** Tags as one line of text that splitTags reads back the same: a tag holding a separator, a quote or a leading * is quoted. */
export function joinTags(tags: readonly string[]): string {
  return tags.map((tag) => (/[,;"]|:::|^\*/.test(tag) ? `"${tag.replaceAll('"', '""')}"` : tag)).join(', ');
}

const squash = (text: string) => text.toLowerCase().replace(/[^a-z]/g, '');

const STAGE_WORDS: Record<string, LifecycleStage> = {
  subscriber: 'subscriber',
  lead: 'lead',
  marketingqualified: 'marketing_qualified',
  marketingqualifiedlead: 'marketing_qualified',
  mql: 'marketing_qualified',
  salesqualified: 'sales_qualified',
  salesqualifiedlead: 'sales_qualified',
  sql: 'sales_qualified',
  opportunity: 'sales_qualified',
  customer: 'customer',
  evangelist: 'customer',
  churned: 'churned',
  formercustomer: 'churned',
};

/** A lifecycle stage as exports write it (HubSpot's 'marketingqualifiedlead', 'MQL', 'Sales qualified'…); undefined when unknown. */
export function readLifecycleStage(text: string): LifecycleStage | undefined {
  return STAGE_WORDS[squash(text)] ?? lifecycleStages.find((stage) => squash(stage.label) === squash(text))?.value;
}

const SOURCE_WORDS: Record<string, ContactSource> = {
  form: 'form', webform: 'form', website: 'form', contactform: 'form', import: 'import', csv: 'import', manual: 'manual',
  event: 'event', events: 'event', tradeshow: 'event', conference: 'event', webinar: 'event', referral: 'referral', referrals: 'referral',
};

/** A source as exports write it; anything not known (HubSpot's 'ORGANIC_SEARCH', …) is 'other'. */
export function readContactSource(text: string): ContactSource {
  return SOURCE_WORDS[squash(text)] ?? contactSources.find((source) => squash(source.label) === squash(text))?.value ?? 'other';
}
