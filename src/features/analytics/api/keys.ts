/** Query keys of analytics (Supabase Studio's `keys.ts` pattern); `scope` tells the user's and the admin's client apart. */
export const analyticsKeys = {
  all: ['analytics'] as const,
  sites: (scope: string, workspaceId: string | null) => [...analyticsKeys.all, scope, 'sites', workspaceId] as const,
  report: (scope: string, siteId: string, start: string, end: string) => [...analyticsKeys.all, scope, 'report', siteId, start, end] as const,
  current: (scope: string, siteId: string) => [...analyticsKeys.all, scope, 'current', siteId] as const,
};
