import type { ContactSource, LifecycleStage } from '@/config/contact-options';
import { contactsCopy } from '@/config/contacts-copy';
import type { Contact } from '@/features/contacts/api/contacts-query';
import { contactFieldsSchema } from '@/features/contacts/utils/contact-fields-schema';
import { joinTags, splitTags } from '@/features/contacts/utils/contact-values';
import type { TablesInsert } from '@/types/database';

/** The contact dialog's fields as typed. */
export interface ContactFormValues {
  firstName: string;
  lastName: string;
  email: string;
  company: string;
  jobTitle: string;
  phone: string;
  source: ContactSource;
  stage: LifecycleStage;
  tags: string;
  /** A member's user id, or 'none'. */
  owner: string;
  adjustment: string;
  /** `YYYY-MM-DD` from a date input, or ''. */
  lastActivity: string;
  notes: string;
}

export type ContactInput = Pick<
  TablesInsert<'contacts'>,
  'first_name' | 'last_name' | 'email' | 'company' | 'job_title' | 'phone' | 'source' | 'lifecycle_stage' | 'tags' | 'owner_id' | 'score_adjustment' | 'last_activity_at' | 'notes'
>;

export type ContactFormErrors = Partial<Record<keyof ContactFormValues, string>>;

const FIELD_OF: Record<string, keyof ContactFormValues> = {
  first_name: 'firstName', last_name: 'lastName', email: 'email', company: 'company', job_title: 'jobTitle', phone: 'phone', notes: 'notes', tags: 'tags',
};

export function emptyContactForm(): ContactFormValues {
  return { firstName: '', lastName: '', email: '', company: '', jobTitle: '', phone: '', source: 'manual', stage: 'subscriber', tags: '', owner: 'none', adjustment: '0', lastActivity: '', notes: '' };
}

export function contactFormValues(contact: Contact): ContactFormValues {
  return {
    firstName: contact.first_name ?? '',
    lastName: contact.last_name ?? '',
    email: contact.email ?? '',
    company: contact.company ?? '',
    jobTitle: contact.job_title ?? '',
    phone: contact.phone ?? '',
    source: contact.source as ContactSource,
    stage: contact.lifecycle_stage as LifecycleStage,
    tags: joinTags(contact.tags),
    owner: contact.owner_id ?? 'none',
    adjustment: String(contact.score_adjustment),
    lastActivity: contact.last_activity_at ? contact.last_activity_at.slice(0, 10) : '',
    notes: contact.notes ?? '',
  };
}

/**
 * The last activity to store for the day in the form: the stored time when the day is the stored one (saving an edit
 * keeps it to the second), else noon UTC of the new day, so it stays that day in every time zone around it.
 */
export function lastActivityOf(day: string, stored: string | null): string | null {
  if (!day) return null;
  if (stored && stored.slice(0, 10) === day) return stored;
  return `${day}T12:00:00Z`;
}

/**
 * The values to send, or the errors to show by their fields (nothing is sent then). `storedLastActivity`: the
 * contact's last activity as stored, kept when its day is unchanged.
 */
export function readContactForm(values: ContactFormValues, storedLastActivity: string | null = null): { ok: true; input: ContactInput } | { ok: false; errors: ContactFormErrors } {
  const errors: ContactFormErrors = {};
  const adjustment = /^-?\d{1,3}$/.test(values.adjustment.trim()) ? Number(values.adjustment.trim()) : NaN;
  if (!(adjustment >= -100 && adjustment <= 100)) errors.adjustment = contactsCopy.errors.adjustment;
  const fields = contactFieldsSchema.safeParse({
    first_name: values.firstName,
    last_name: values.lastName,
    email: values.email,
    company: values.company,
    job_title: values.jobTitle,
    phone: values.phone,
    notes: values.notes,
    tags: splitTags(values.tags),
  });
  if (!fields.success) {
    for (const issue of fields.error.issues) {
      const field = FIELD_OF[String(issue.path[0])] ?? 'firstName';
      errors[field] ??= issue.message;
    }
  }
  if (!fields.success || Object.keys(errors).length > 0) return { ok: false, errors };
  return {
    ok: true,
    input: {
      ...fields.data,
      source: values.source,
      lifecycle_stage: values.stage,
      owner_id: values.owner === 'none' ? null : values.owner,
      score_adjustment: adjustment,
      last_activity_at: lastActivityOf(values.lastActivity, storedLastActivity),
    },
  };
}
