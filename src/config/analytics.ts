/** The agency's own website as an analytics site (a fixed row of 20261123080000_create_analytics_sites.sql). */
export const AGENCY_SITE_ID = 'a9e9c5e0-0000-4000-8000-000000000001';

/** Where the snippet is served (public/analytics.js), relative to the app's origin. */
export const SNIPPET_PATH = '/analytics.js';

/** The agency site counts its public pages only: the signed-in app and the admin area are not its visitors'. */
export const AGENCY_EXCLUDED_PATHS = ['/dashboard*', '/team*', '/marketing/*', '/admin*', '/invite/*'] as const;

/** Goals the agency site records (custom events of the snippet). */
export const agencyGoals = {
  contactForm: 'Contact form',
} as const;
