import { messages } from '@/config/messages';
import { site } from '@/config/site';
import { leadSchema, type Lead, type LeadForm } from '../api/create-lead';

export type LeadErrors = Partial<Record<keyof LeadForm, string>>;

export const emptyLeadForm: LeadForm = { name: '', email: '', company: '', message: '' };

/** The valid lead, or the first error of each field. */
export function validateLead(form: LeadForm): { lead: Lead; errors: null } | { lead: null; errors: LeadErrors } {
  const result = leadSchema.safeParse(form);
  if (result.success) return { lead: result.data, errors: null };
  const errors: LeadErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0] as keyof LeadForm;
    errors[field] ??= issue.message;
  }
  return { lead: null, errors };
}

/** The fallback when the form cannot be sent: the same message, by e-mail. */
export function mailtoFallback(form: LeadForm): string {
  const body = [form.message.trim(), '', [form.name.trim(), form.company.trim(), form.email.trim()].filter(Boolean).join(' · ')]
    .join('\n')
    .trim();
  const subject = form.name.trim() ? `Website enquiry from ${form.name.trim()}` : 'Website enquiry';
  return `mailto:${site.contactEmail}?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(body)}`;
}

/** What to tell a visitor whose message was not stored: the server's reason when it throttled them. */
export function failureDescription(error: unknown): string {
  const isThrottled =
    typeof error === 'object' && error !== null && 'code' in error && error.code === 'PT429' && 'message' in error;
  return isThrottled ? String(error.message) : messages.contact.failedDescription;
}
