import type { LeadScoreBand } from './sample-figures';

/** Value lists of contacts; the database checks the same lists (20261123070200_create_contacts.sql). */
export const contactSources = [
  { value: 'form', label: 'Contact form' },
  { value: 'import', label: 'Import' },
  { value: 'manual', label: 'Added by hand' },
  { value: 'event', label: 'Event' },
  { value: 'referral', label: 'Referral' },
  { value: 'other', label: 'Other' },
] as const;
export type ContactSource = (typeof contactSources)[number]['value'];

export const lifecycleStages = [
  { value: 'subscriber', label: 'Subscriber' },
  { value: 'lead', label: 'Lead' },
  { value: 'marketing_qualified', label: 'Marketing qualified' },
  { value: 'sales_qualified', label: 'Sales qualified' },
  { value: 'customer', label: 'Customer' },
  { value: 'churned', label: 'Churned' },
] as const;
export type LifecycleStage = (typeof lifecycleStages)[number]['value'];

/** Badge colour of each lead score band (the bands themselves: leadScoreBands in sample-figures.ts, spec §9). */
export const bandTones: Record<LeadScoreBand, 'red' | 'yellow' | 'blue' | 'grey'> = { hot: 'red', warm: 'yellow', cool: 'blue', cold: 'grey' };

/** Kinds of scoring rule, as the rule editor names them. */
export const scoreRuleKinds = [
  { value: 'lifecycle_stage', label: 'Lifecycle stage is' },
  { value: 'source', label: 'Source is' },
  { value: 'job_title', label: 'Job title contains' },
  { value: 'tag', label: 'Has the tag' },
  { value: 'recent_activity', label: 'Active within (days)' },
  { value: 'email_opened', label: 'Opened an e-mail within (days)' },
  { value: 'email_clicked', label: 'Clicked an e-mail link within (days)' },
] as const;
export type ScoreRuleKind = (typeof scoreRuleKinds)[number]['value'];

/** Orders of the contacts list; each has an index (column, then id as tie-breaker, same direction). */
export const contactSorts = [
  { value: 'newest', label: 'Newest first', column: 'created_at', ascending: false },
  { value: 'score', label: 'Highest score first', column: 'lead_score', ascending: false },
  { value: 'name', label: 'Name (A–Z)', column: 'sort_name', ascending: true },
] as const;
export type ContactSort = (typeof contactSorts)[number]['value'];

export const CONTACTS_PAGE_SIZE = 50;
export const CONTACT_LIMITS = { name: 100, company: 120, jobTitle: 120, phone: 40, notes: 5000, tag: 50, tags: 50, adjustment: 100 } as const;
/** Contacts not heard from for this many days are "gone quiet" in the Retention Center. */
export const QUIET_DAYS = 30;
/** Rows a call to import_contacts takes (the database refuses more). */
export const CONTACT_IMPORT_BATCH = 500;
