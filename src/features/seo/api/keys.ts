/** Query keys of the SEO Toolkit (Supabase Studio's `keys.ts` pattern); `scope` tells the user's and the admin's client apart. */
export const seoKeys = {
  all: ['seo'] as const,
  sites: (scope: string, workspaceId: string | null) => [...seoKeys.all, scope, 'sites', workspaceId] as const,
  analyticsSites: (scope: string, workspaceId: string | null) => [...seoKeys.all, scope, 'analytics-sites', workspaceId] as const,
  site: (scope: string, siteId: string) => [...seoKeys.all, scope, 'site', siteId] as const,
  audits: (scope: string, siteId: string) => [...seoKeys.site(scope, siteId), 'audits'] as const,
  figures: (scope: string, siteId: string) => [...seoKeys.site(scope, siteId), 'figures'] as const,
  issues: (scope: string, siteId: string, auditId: string) => [...seoKeys.site(scope, siteId), 'issues', auditId] as const,
  issuePages: (scope: string, siteId: string, auditId: string, checkId: string) => [...seoKeys.issues(scope, siteId, auditId), checkId] as const,
  page: (scope: string, siteId: string, pageId: number) => [...seoKeys.site(scope, siteId), 'page', pageId] as const,
  changes: (scope: string, siteId: string, auditId: string) => [...seoKeys.site(scope, siteId), 'changes', auditId] as const,
  search: (scope: string, siteId: string) => [...seoKeys.site(scope, siteId), 'search'] as const,
  keywords: (scope: string, siteId: string, from: string, to: string) => [...seoKeys.search(scope, siteId), 'keywords', from, to] as const,
  keyword: (scope: string, siteId: string, query: string, from: string, to: string) => [...seoKeys.search(scope, siteId), 'keyword', query, from, to] as const,
};
