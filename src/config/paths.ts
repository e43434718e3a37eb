/** Every URL of the app, once. Pages and links use these; the server uses `appRoutePatterns`. */
export const paths = {
  home: '/',
  portfolio: '/portfolio',
  about: '/about',
  roi: '/roi',
  auth: '/auth',
  signUp: '/sign-up',
  contact: '/contact',
  terms: '/terms',
  privacy: '/privacy',
  dashboard: '/dashboard',
  /** The current workspace's people: members, invitations, workspace settings. */
  team: '/team',
  /** The current workspace's outgoing webhooks: endpoints, signing secrets, the delivery log. */
  teamWebhooks: '/team/webhooks',
  /** How the signed-in user signs in: two-factor authentication on and off. */
  accountSecurity: '/account/security',
  /** The current workspace's contacts: search, filters, import and export, scoring rules. */
  contacts: '/contacts',
  /** An invitation link: `/invite/<token>` (the token is base64url). */
  invitePattern: '/invite/:token',
  invite: (token: string) => `/invite/${encodeURIComponent(token)}`,
  /** /auth or /sign-up for someone invited: the address prefilled, back to the invitation once signed in. */
  inviteSignIn: (token: string, email: string) => `/auth?${new URLSearchParams({ invite: token, email })}`,
  inviteSignUp: (token: string, email: string) => `/sign-up?${new URLSearchParams({ invite: token, email })}`,
  marketing: {
    director: '/marketing/director',
    content: '/marketing/content',
    advertising: '/marketing/advertising',
    email: '/marketing/email',
    social: '/marketing/social',
    seo: '/marketing/seo',
    retention: '/marketing/retention',
    analytics: '/marketing/analytics',
    automation: '/marketing/automation',
    creative: '/marketing/creative',
  },
  adminLogin: '/admin-login',
  admin: '/admin',
  administrator: '/admin/administrator',
  /** The agency website's own analytics (site admins). */
  adminAnalytics: '/admin/analytics',
  /** SEO audits of the agency website (site admins). */
  adminSeo: '/admin/seo',
  /** The agency's inbox of contact-form leads (site admins). */
  adminLeads: '/admin/leads',
  /** A workspace's public blog: its list (`?page=n` from page 2), an item's page, its feeds. */
  blogPattern: '/blog/:blogSlug',
  blogPostPattern: '/blog/:blogSlug/:postSlug',
  blog: (blogSlug: string, page = 1) => `/blog/${encodeURIComponent(blogSlug)}${page > 1 ? `?page=${page}` : ''}`,
  blogPost: (blogSlug: string, postSlug: string) => `/blog/${encodeURIComponent(blogSlug)}/${encodeURIComponent(postSlug)}`,
  blogFeed: (blogSlug: string, file: string) => `/blog/${encodeURIComponent(blogSlug)}/${file}`,
  /** The Email Platform's public pages: a list's hosted subscribe form and the double opt-in confirmation. */
  emailSubscribePattern: '/email/subscribe/:formToken',
  emailSubscribe: (formToken: string) => `/email/subscribe/${encodeURIComponent(formToken)}`,
  emailConfirmPattern: '/email/confirm/:token',
  emailConfirm: (token: string) => `/email/confirm/${encodeURIComponent(token)}`,
  /** Where a Mastodon instance sends the member back after OAuth (registered with the app on the instance). */
  socialConnectMastodon: '/marketing/social/connect/mastodon',
  /** A social post's approval link for a signed-out reviewer (the token is base64url). */
  approvePattern: '/approve/:token',
  approve: (token: string) => `/approve/${encodeURIComponent(token)}`,
  /** Background work of the job runner (site admins). */
  adminJobs: '/admin/jobs',
  /** React Router matches whole segments only: the page route reads `page-{n}` from this parameter. */
  adminPagePattern: '/admin/:pageSlug',
  adminPage: (number: number) => `/admin/page-${number}`,
} as const;

export type MarketingModule = keyof typeof paths.marketing;

/** Public marketing routes: prerendered to static HTML at build time. */
export const prerenderedPaths = [paths.home, paths.portfolio, paths.about, paths.roi, paths.terms, paths.privacy] as const;

/**
 * A blog's list and an item's page (our server renders them itself; on hosted Supabase the SPA does). Its feeds
 * (`rss.xml`, …) are not app routes: only our server has them.
 */
export const BLOG_ROUTE_PATTERN = /^\/blog\/[a-z0-9]+(-[a-z0-9]+)*(\/[a-z0-9]+(-[a-z0-9]+)*)?\/?$/;

/** Every route the SPA answers with 200; the server answers anything else with 404. */
export const appRoutePatterns: readonly RegExp[] = [
  /^\/$/,
  /^\/(portfolio|about|roi|auth|sign-up|contact|terms|privacy|dashboard|team|contacts|admin-login|admin)\/?$/,
  /^\/team\/webhooks\/?$/,
  /^\/invite\/[A-Za-z0-9_-]{1,200}\/?$/,
  /^\/email\/(subscribe|confirm)\/[A-Za-z0-9_-]{1,200}\/?$/,
  /^\/approve\/[A-Za-z0-9_-]{1,200}\/?$/,
  /^\/account\/security\/?$/,
  new RegExp(`^/marketing/(${Object.keys(paths.marketing).join('|')})/?$`),
  /^\/marketing\/social\/connect\/mastodon\/?$/,
  /^\/admin\/(administrator|analytics|seo|leads|jobs)\/?$/,
  /^\/admin\/page-[1-9][0-9]{0,4}\/?$/,
  BLOG_ROUTE_PATTERN,
];

/** '/portfolio/' → '/portfolio'; '/' stays. */
export function withoutTrailingSlash(pathname: string): string {
  return pathname.length > 1 ? pathname.replace(/\/+$/, '') || '/' : pathname;
}

export function isAppRoute(pathname: string): boolean {
  return appRoutePatterns.some((pattern) => pattern.test(pathname));
}

/**
 * Unknown paths one level under /admin (/admin/foo, /admin/page-0): the app shows its 404 inside the admin area for a
 * site admin, so the server answers them with the app shell (status 404), not the prerendered 404 page.
 */
export function isAdminAreaPath(pathname: string): boolean {
  return /^\/admin\/[^/]+\/?$/.test(pathname);
}
