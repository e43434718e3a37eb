import type { RouteObject } from 'react-router';
import { SiteLayout } from '@/features/marketing-site/components/site-layout';
import { paths } from '@/config/paths';
import { lazyRoute } from './lazy-route';
import { RootLayout } from './root-layout';

/** Paths match case-sensitively, as the server does: /ADMIN is not /admin (both answer 404). */
function caseSensitive(tree: RouteObject[]): RouteObject[] {
  for (const route of tree) {
    if (route.path !== undefined) route.caseSensitive = true;
    if (route.children) caseSensitive(route.children);
  }
  return tree;
}

/**
 * Every route of spec §2, rendered by `AppRoutes` (router.tsx) with React Router's declarative router. Pages are
 * code-split: each `lazyRoute` import is its own chunk, so a visitor of `/` downloads neither the dashboard nor the
 * admin code; a route module may also give a `prefetch` that starts its data before the page renders (lazy-route.tsx,
 * README.md).
 */
export const routes: RouteObject[] = caseSensitive([
  {
    element: <RootLayout />,
    children: [
      {
        element: <SiteLayout />,
        children: [
          { index: true, ...lazyRoute(() => import('./routes/landing').then((m) => ({ Component: m.LandingRoute }))) },
          { path: paths.portfolio, ...lazyRoute(() => import('./routes/portfolio').then((m) => ({ Component: m.PortfolioRoute }))) },
          { path: paths.about, ...lazyRoute(() => import('./routes/about').then((m) => ({ Component: m.AboutRoute }))) },
          { path: paths.roi, ...lazyRoute(() => import('./routes/roi').then((m) => ({ Component: m.RoiRoute }))) },
          { path: paths.contact, ...lazyRoute(() => import('./routes/contact').then((m) => ({ Component: m.ContactRoute }))) },
          { path: paths.terms, ...lazyRoute(() => import('./routes/terms').then((m) => ({ Component: m.TermsRoute }))) },
          { path: paths.privacy, ...lazyRoute(() => import('./routes/privacy').then((m) => ({ Component: m.PrivacyRoute }))) },
          { path: paths.adminLogin, ...lazyRoute(() => import('./routes/admin-login').then((m) => ({ Component: m.AdminLoginRoute }))) },
          {
            // Site admins only: others go to /admin-login (replacing history).
            ...lazyRoute(() => import('./routes/admin/layout').then((m) => ({ Component: m.AdminLayoutRoute }))),
            children: [
              { path: paths.admin, ...lazyRoute(() => import('./routes/admin/dashboard').then((m) => ({ Component: m.AdminDashboardRoute }))) },
              { path: paths.administrator, ...lazyRoute(() => import('./routes/admin/administrator').then((m) => ({ Component: m.AdministratorRoute }))) },
              { path: paths.adminAnalytics, ...lazyRoute(() => import('./routes/admin/analytics').then((m) => ({ Component: m.AdminAnalyticsRoute }))) },
              { path: paths.adminSeo, ...lazyRoute(() => import('./routes/admin/seo').then((m) => ({ Component: m.AdminSeoRoute }))) },
              { path: paths.adminLeads, ...lazyRoute(() => import('./routes/admin/leads').then((m) => ({ Component: m.AdminLeadsRoute }))) },
              { path: paths.adminJobs, ...lazyRoute(() => import('./routes/admin/jobs').then((m) => ({ Component: m.AdminJobsRoute }))) },
              { path: paths.adminPagePattern, ...lazyRoute(() => import('./routes/admin/page').then((m) => ({ Component: m.AdminPageRoute }))) },
            ],
          },
        ],
      },
      {
        // Session provider for the marketing user's area only (the public pages must not load supabase-js).
        ...lazyRoute(() =>
          Promise.all([import('@/components/layouts/account-layout'), import('@/lib/account-prefetch')]).then(([m, account]) => ({
            Component: m.AccountLayout,
            prefetch: () => void account.prefetchAccount().catch(() => {}),
          })),
        ),
        children: [
          { path: paths.auth, ...lazyRoute(() => import('./routes/auth').then((m) => ({ Component: m.AuthRoute }))) },
          { path: paths.signUp, ...lazyRoute(() => import('./routes/sign-up').then((m) => ({ Component: m.SignUpRoute }))) },
          { path: paths.invitePattern, ...lazyRoute(() => import('./routes/invite').then((m) => ({ Component: m.InviteRoute }))) },
          // The Email Platform's public pages: anyone, no account.
          { path: paths.emailSubscribePattern, ...lazyRoute(() => import('./routes/email-subscribe').then((m) => ({ Component: m.EmailSubscribeRoute }))) },
          // A social post's approval link: a signed-out reviewer, no account.
          { path: paths.approvePattern, ...lazyRoute(() => import('./routes/approve').then((m) => ({ Component: m.ApproveRoute }))) },
          { path: paths.emailConfirmPattern, ...lazyRoute(() => import('./routes/email-confirm').then((m) => ({ Component: m.EmailConfirmRoute }))) },
          {
            // Signed-in only: others go to /auth.
            ...lazyRoute(() => import('@/lib/auth').then((m) => ({ Component: m.ProtectedRoute }))),
            children: [
              { path: paths.dashboard, ...lazyRoute(() => import('./routes/dashboard').then((m) => ({ Component: m.DashboardRoute, prefetch: m.prefetchDashboardRoute }))) },
              { path: paths.team, ...lazyRoute(() => import('./routes/team').then((m) => ({ Component: m.TeamRoute, prefetch: m.prefetchTeamRoute }))) },
              { path: paths.teamWebhooks, ...lazyRoute(() => import('./routes/team-webhooks').then((m) => ({ Component: m.TeamWebhooksRoute }))) },
              { path: paths.accountSecurity, ...lazyRoute(() => import('./routes/account-security').then((m) => ({ Component: m.AccountSecurityRoute }))) },
              { path: paths.contacts, ...lazyRoute(() => import('./routes/contacts').then((m) => ({ Component: m.ContactsRoute }))) },
              { path: paths.marketing.director, ...lazyRoute(() => import('./routes/marketing/director').then((m) => ({ Component: m.MarketingDirectorRoute, prefetch: m.prefetchDirectorRoute }))) },
              { path: paths.marketing.content, ...lazyRoute(() => import('./routes/marketing/content').then((m) => ({ Component: m.MarketingContentRoute }))) },
              { path: paths.marketing.advertising, ...lazyRoute(() => import('./routes/marketing/advertising').then((m) => ({ Component: m.MarketingAdvertisingRoute }))) },
              { path: paths.marketing.email, ...lazyRoute(() => import('./routes/marketing/email').then((m) => ({ Component: m.MarketingEmailRoute, prefetch: m.prefetchEmailRoute }))) },
              { path: paths.marketing.social, ...lazyRoute(() => import('./routes/marketing/social').then((m) => ({ Component: m.MarketingSocialRoute }))) },
              { path: paths.socialConnectMastodon, ...lazyRoute(() => import('./routes/marketing/social-connect-mastodon').then((m) => ({ Component: m.MarketingSocialConnectMastodonRoute }))) },
              { path: paths.marketing.seo, ...lazyRoute(() => import('./routes/marketing/seo').then((m) => ({ Component: m.MarketingSeoRoute }))) },
              { path: paths.marketing.retention, ...lazyRoute(() => import('./routes/marketing/retention').then((m) => ({ Component: m.MarketingRetentionRoute }))) },
              { path: paths.marketing.analytics, ...lazyRoute(() => import('./routes/marketing/analytics').then((m) => ({ Component: m.MarketingAnalyticsRoute, prefetch: m.prefetchAnalyticsRoute }))) },
              { path: paths.marketing.automation, ...lazyRoute(() => import('./routes/marketing/automation').then((m) => ({ Component: m.MarketingAutomationRoute }))) },
              { path: paths.marketing.creative, ...lazyRoute(() => import('./routes/marketing/creative').then((m) => ({ Component: m.MarketingCreativeRoute }))) },
            ],
          },
        ],
      },
      // Workspaces' public blogs: on our server these URLs are its own pages (server/src/modules/blog/); on hosted
      // Supabase the static host answers them with the app, which renders them from the public functions.
      { path: paths.blogPattern, ...lazyRoute(() => import('./routes/blog').then((m) => ({ Component: m.BlogRoute }))) },
      { path: paths.blogPostPattern, ...lazyRoute(() => import('./routes/blog-post').then((m) => ({ Component: m.BlogPostRoute }))) },
      { path: '*', ...lazyRoute(() => import('./routes/not-found').then((m) => ({ Component: m.NotFoundRoute }))) },
    ],
  },
]);
