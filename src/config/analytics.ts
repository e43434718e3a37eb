import { paths } from '@/config/paths';

/** The agency's own website as an analytics site (a fixed row of 20261123080000_create_analytics_sites.sql). */
export const AGENCY_SITE_ID = 'a9e9c5e0-0000-4000-8000-000000000001';

/** Where the snippet is served (public/analytics.js), relative to the app's origin. */
export const SNIPPET_PATH = '/analytics.js';

/**
 * The agency site counts its public pages only, named here (an allow-list, the snippet's data-include): the
 * signed-in app, the sign-in pages, the admin area and whatever route comes next are never its visitors' pages.
 */
export const AGENCY_COUNTED_PATHS: readonly string[] = [paths.home, paths.portfolio, paths.about, paths.roi, paths.contact, paths.terms, paths.privacy];

/** Goals the agency site records (custom events of the snippet). */
export const agencyGoals = {
  contactForm: 'Contact form',
} as const;
