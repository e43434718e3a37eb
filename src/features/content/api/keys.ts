/** Query keys of content items (Supabase Studio's `keys.ts` pattern). */
export const contentItemKeys = {
  all: ['content-items'] as const,
  list: (organizationId: string) => [...contentItemKeys.all, 'list', organizationId] as const,
};
