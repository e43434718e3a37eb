import type { RouteObject } from 'react-router';
import { RouteError } from '@/components/errors/route-error';
import { RootLayout } from '@/components/layouts/root-layout';
import { SiteLayout } from '@/features/marketing-site/components/site-layout';
import { paths } from '@/config/paths';

/** Paths match case-sensitively, as the server does: /ADMIN is not /admin (both answer 404). */
function caseSensitive(tree: RouteObject[]): RouteObject[] {
  for (const route of tree) {
    if (route.path !== undefined) route.caseSensitive = true;
    if (route.children) caseSensitive(route.children);
  }
  return tree;
}

/**
 * Every route of spec §2. Pages are code-split: each `lazy` import is its own chunk,
 * so a visitor of `/` downloads neither the dashboard nor the admin code.
 */
export const routes: RouteObject[] = caseSensitive([
  {
    id: 'root',
    Component: RootLayout,
    ErrorBoundary: RouteError,
    children: [
      {
        Component: SiteLayout,
        children: [
          { index: true, lazy: () => import('./routes/landing').then((m) => ({ Component: m.LandingRoute })) },
          { path: paths.portfolio, lazy: () => import('./routes/portfolio').then((m) => ({ Component: m.PortfolioRoute })) },
          { path: paths.about, lazy: () => import('./routes/about').then((m) => ({ Component: m.AboutRoute })) },
          { path: paths.roi, lazy: () => import('./routes/roi').then((m) => ({ Component: m.RoiRoute })) },
          { path: paths.contact, lazy: () => import('./routes/contact').then((m) => ({ Component: m.ContactRoute })) },
          { path: paths.terms, lazy: () => import('./routes/terms').then((m) => ({ Component: m.TermsRoute })) },
          { path: paths.privacy, lazy: () => import('./routes/privacy').then((m) => ({ Component: m.PrivacyRoute })) },
          { path: paths.adminLogin, lazy: () => import('./routes/admin-login').then((m) => ({ Component: m.AdminLoginRoute })) },
          {
            // Site admins only: others go to /admin-login (replacing history).
            lazy: () => import('./routes/admin/layout').then((m) => ({ Component: m.AdminLayoutRoute })),
            children: [
              { path: paths.admin, lazy: () => import('./routes/admin/dashboard').then((m) => ({ Component: m.AdminDashboardRoute })) },
              { path: paths.administrator, lazy: () => import('./routes/admin/administrator').then((m) => ({ Component: m.AdministratorRoute })) },
              { path: paths.adminAnalytics, lazy: () => import('./routes/admin/analytics').then((m) => ({ Component: m.AdminAnalyticsRoute })) },
              { path: paths.adminLeads, lazy: () => import('./routes/admin/leads').then((m) => ({ Component: m.AdminLeadsRoute })) },
              { path: paths.adminJobs, lazy: () => import('./routes/admin/jobs').then((m) => ({ Component: m.AdminJobsRoute })) },
              { path: paths.adminPagePattern, lazy: () => import('./routes/admin/page').then((m) => ({ Component: m.AdminPageRoute })) },
            ],
          },
        ],
      },
      {
        // Session provider for the marketing user's area only (the public pages must not load supabase-js).
        lazy: () => import('@/components/layouts/account-layout').then((m) => ({ Component: m.AccountLayout })),
        children: [
          { path: paths.auth, lazy: () => import('./routes/auth').then((m) => ({ Component: m.AuthRoute })) },
          { path: paths.signUp, lazy: () => import('./routes/sign-up').then((m) => ({ Component: m.SignUpRoute })) },
          { path: paths.invitePattern, lazy: () => import('./routes/invite').then((m) => ({ Component: m.InviteRoute })) },
          // The Email Platform's public pages: anyone, no account.
          { path: paths.emailSubscribePattern, lazy: () => import('./routes/email-subscribe').then((m) => ({ Component: m.EmailSubscribeRoute })) },
          { path: paths.emailConfirmPattern, lazy: () => import('./routes/email-confirm').then((m) => ({ Component: m.EmailConfirmRoute })) },
          {
            // Signed-in only: others go to /auth.
            lazy: () => import('@/lib/auth').then((m) => ({ Component: m.ProtectedRoute })),
            children: [
              { path: paths.dashboard, lazy: () => import('./routes/dashboard').then((m) => ({ Component: m.DashboardRoute })) },
              { path: paths.team, lazy: () => import('./routes/team').then((m) => ({ Component: m.TeamRoute })) },
              { path: paths.contacts, lazy: () => import('./routes/contacts').then((m) => ({ Component: m.ContactsRoute })) },
              { path: paths.marketing.director, lazy: () => import('./routes/marketing/director').then((m) => ({ Component: m.MarketingDirectorRoute })) },
              { path: paths.marketing.content, lazy: () => import('./routes/marketing/content').then((m) => ({ Component: m.MarketingContentRoute })) },
              { path: paths.marketing.advertising, lazy: () => import('./routes/marketing/advertising').then((m) => ({ Component: m.MarketingAdvertisingRoute })) },
              { path: paths.marketing.email, lazy: () => import('./routes/marketing/email').then((m) => ({ Component: m.MarketingEmailRoute })) },
              { path: paths.marketing.social, lazy: () => import('./routes/marketing/social').then((m) => ({ Component: m.MarketingSocialRoute })) },
              { path: paths.marketing.seo, lazy: () => import('./routes/marketing/seo').then((m) => ({ Component: m.MarketingSeoRoute })) },
              { path: paths.marketing.retention, lazy: () => import('./routes/marketing/retention').then((m) => ({ Component: m.MarketingRetentionRoute })) },
              { path: paths.marketing.analytics, lazy: () => import('./routes/marketing/analytics').then((m) => ({ Component: m.MarketingAnalyticsRoute })) },
              { path: paths.marketing.automation, lazy: () => import('./routes/marketing/automation').then((m) => ({ Component: m.MarketingAutomationRoute })) },
              { path: paths.marketing.creative, lazy: () => import('./routes/marketing/creative').then((m) => ({ Component: m.MarketingCreativeRoute })) },
            ],
          },
        ],
      },
      // Workspaces' public blogs: on our server these URLs are its own pages (server/src/modules/blog/); on hosted
      // Supabase the static host answers them with the app, which renders them from the public functions.
      { path: paths.blogPattern, lazy: () => import('./routes/blog').then((m) => ({ Component: m.BlogRoute })) },
      { path: paths.blogPostPattern, lazy: () => import('./routes/blog-post').then((m) => ({ Component: m.BlogPostRoute })) },
      { path: '*', lazy: () => import('./routes/not-found').then((m) => ({ Component: m.NotFoundRoute })) },
    ],
  },
]);
