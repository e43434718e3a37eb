/** Query keys of content items (Supabase Studio's `keys.ts` pattern). */
export const contentItemKeys = {
  all: ['content-items'] as const,
  list: (organizationId: string) => [...contentItemKeys.all, 'list', organizationId] as const,
  /** Items planned between two moments (the Editorial Calendar). */
  schedule: (organizationId: string, from: string, to: string) => [...contentItemKeys.all, 'schedule', organizationId, from, to] as const,
  /** Items not yet published (Schedule Publishing's choices). */
  schedulable: (organizationId: string) => [...contentItemKeys.all, 'schedulable', organizationId] as const,
  overview: (organizationId: string, today: string) => [...contentItemKeys.all, 'overview', organizationId, today] as const,
};
