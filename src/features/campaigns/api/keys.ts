/** Query keys of advertising campaigns (Supabase Studio's `keys.ts` pattern). */
export const campaignKeys = {
  all: ['campaigns'] as const,
  list: (organizationId: string) => [...campaignKeys.all, 'list', organizationId] as const,
};
