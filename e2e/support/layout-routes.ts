import { paths } from '../../src/config/paths';
import { seedTexts } from './seed';

/**
 * Every route the layout test walks, at 375 px and at 1280 px. One entry per screen: add a route here when the app
 * gets one, and the layout test (sizes, cut text, reachable actions, axe, screenshots) covers it.
 *
 * - `area`: who opens it. 'public' needs nobody; 'account' the marketing user the test signs in; 'admin' the site admin.
 * - `heading`: the level-1 heading that says the screen is shown.
 * - `ready`: a text that is on the page (shown or not: on a phone the admin page list is folded) once the screen's
 *   data is loaded (the seeded rows), when it has any.
 */
export type LayoutArea = 'public' | 'account' | 'admin';

export interface LayoutRoute {
  path: string;
  area: LayoutArea;
  heading: string | RegExp;
  ready?: string;
}

export const layoutRoutes: readonly LayoutRoute[] = [
  { path: paths.home, area: 'public', heading: 'We build high performance task driven websites' },
  { path: paths.portfolio, area: 'public', heading: 'Our Work' },
  { path: paths.about, area: 'public', heading: /^About / },
  { path: paths.roi, area: 'public', heading: 'Measuring Website ROI' },
  { path: paths.contact, area: 'public', heading: 'Contact Us' },
  { path: paths.terms, area: 'public', heading: 'Terms of Service' },
  { path: paths.privacy, area: 'public', heading: 'Privacy Policy' },
  { path: '/no/such/page', area: 'public', heading: '404' },
  { path: paths.dashboard, area: 'account', heading: /^Welcome/ },
  { path: paths.marketing.director, area: 'account', heading: 'Executive Overview' },
  { path: paths.marketing.content, area: 'account', heading: 'Content Hub', ready: seedTexts.contentTitle },
  { path: paths.marketing.advertising, area: 'account', heading: 'Ad Console', ready: seedTexts.campaignTitle },
  { path: paths.marketing.email, area: 'account', heading: 'Email Platform' },
  { path: paths.marketing.social, area: 'account', heading: 'Social Hub' },
  { path: paths.marketing.seo, area: 'account', heading: 'SEO Toolkit' },
  { path: paths.marketing.retention, area: 'account', heading: 'Retention Center', ready: `${seedTexts.contactFirstName} ${seedTexts.contactLastName}` },
  { path: paths.marketing.analytics, area: 'account', heading: 'Analytics Console', ready: seedTexts.analyticsPage },
  { path: paths.marketing.automation, area: 'account', heading: 'Automation Platform' },
  { path: paths.marketing.creative, area: 'account', heading: 'Creative Studio' },
  { path: paths.team, area: 'account', heading: 'Team', ready: seedTexts.invitedEmail },
  { path: paths.contacts, area: 'account', heading: 'Contacts', ready: seedTexts.contactCompany },
  { path: paths.teamWebhooks, area: 'account', heading: 'Webhooks' },
  { path: paths.accountSecurity, area: 'account', heading: 'Account security' },
  { path: paths.admin, area: 'admin', heading: 'Admin Dashboard', ready: 'THE TEST LAB' },
  { path: paths.administrator, area: 'admin', heading: 'Administrator', ready: 'Save Menu Items' },
  { path: paths.adminAnalytics, area: 'admin', heading: 'Website Analytics', ready: 'Save domain' },
  { path: paths.adminSeo, area: 'admin', heading: 'SEO audits of this website', ready: 'Beyond Brochures (this website)' },
  { path: paths.adminLeads, area: 'admin', heading: 'Leads', ready: seedTexts.leadName },
  { path: paths.adminJobs, area: 'admin', heading: 'Background Work', ready: 'Workers running' },
  { path: paths.adminPage(1), area: 'admin', heading: 'THE TEST LAB' },
  { path: paths.adminPage(5), area: 'admin', heading: 'Pricing Testing Page' },
  { path: paths.adminPage(14), area: 'admin', heading: 'Page 14' },
  { path: '/admin/no-such-page', area: 'admin', heading: '404', ready: 'THE TEST LAB' },
];

/** Walked signed out, before the test signs in: a signed-in user is sent on (to /dashboard, to /admin). */
export const signedOutOnlyRoutes: readonly LayoutRoute[] = [
  { path: paths.auth, area: 'public', heading: 'Welcome' },
  { path: `${paths.signUp}?plan=professional`, area: 'public', heading: 'Welcome' },
  { path: paths.adminLogin, area: 'public', heading: 'Admin Login' },
  { path: paths.invite(seedTexts.invitationToken), area: 'public', heading: /^Join / },
  { path: paths.invite('no-such-invitation-token'), area: 'public', heading: 'This invitation link is not valid' },
];
