/** What enroll_contacts_in_automation answers: contacts matching the filter, put in, skipped by the rule, over the hourly limit. */
export interface EnrollmentCounts {
  matched: number;
  enrolled: number;
  skipped: number;
  over_limit: number;
}

/** The contacts list's filters a manual enrollment takes ('any' / '' = no filter). */
export interface EnrollmentFilter {
  tag: string;
  stage: string;
  band: string;
}

export const NO_ENROLLMENT_FILTER: EnrollmentFilter = { tag: '', stage: 'any', band: 'any' };

/** The filter as the RPC takes it: a trimmed tag, 'any' where nothing is chosen. */
export function enrollmentFilterParam(filter: EnrollmentFilter): Record<string, string> {
  return { tag: filter.tag.trim(), stage: filter.stage || 'any', band: filter.band || 'any', owner: 'any' };
}

const contacts = (count: number) => `${count.toLocaleString('en')} contact${count === 1 ? '' : 's'}`;

/** The sentence under the filter: before confirming (a dry run) or after enrolling. */
export function enrollmentSummary(counts: EnrollmentCounts, done: boolean): string {
  if (counts.matched === 0) return 'No contact matches this filter.';
  const parts = [done ? `${contacts(counts.enrolled)} enrolled` : `${contacts(counts.enrolled)} will be enrolled`];
  if (counts.skipped > 0) parts.push(`${counts.skipped.toLocaleString('en')} skipped (already in the workflow, or not allowed in again)`);
  if (counts.over_limit > 0) parts.push(`${counts.over_limit.toLocaleString('en')} left out: the workspace’s enrollments per hour are used up`);
  return `${contacts(counts.matched)} match. ${parts.join('; ')}.`;
}
