/** Query keys of advertising campaigns and their results (Supabase Studio's `keys.ts` pattern). */
export const campaignKeys = {
  all: ['campaigns'] as const,
  list: (organizationId: string) => [...campaignKeys.all, 'list', organizationId] as const,
  /** Every figure computed from results: invalidated together when results change. */
  figures: (organizationId: string) => [...campaignKeys.all, 'figures', organizationId] as const,
  figure: (organizationId: string, name: string, ...args: (string | null)[]) => [...campaignKeys.figures(organizationId), name, ...args] as const,
};
