/**
 * Screen copy of the admin area (/admin-login, /admin, /admin/administrator, /admin/page-{n}). The toasts of spec §8
 * are in `messages.admin`; this file is apart so the public pages, which import messages.ts, do not download it.
 */
import { DEFAULT_ADMIN_PAGE_COUNT } from './site-defaults';

export const adminLoginCopy = {
  title: 'Admin Login',
  description: 'Sign in to manage the site navigation and the admin test pages.',
  username: 'Username',
  password: 'Password',
  forgotPassword: 'Forgot password',
  login: 'Login',
  requestReset: 'Request Password Reset',
  checking: 'Checking your admin session...',
  usernameRequired: 'Username is required',
  passwordRequired: 'Password is required',
  /** Not in the spec: the server could not answer (offline, server error, too many attempts). */
  unavailableDescription: 'The server could not check your login. Please try again in a moment.',
  backHome: 'Back to Home',
} as const;

/** The description under a failed change's toast (spec §8 gives the title); never the server's raw text. */
export const adminFailureCopy = {
  notAllowed: 'This account may no longer edit the site. Log in again as the admin.',
  unreachable: 'The server could not be reached. Check your connection and try again.',
  refused: 'The server refused a value: check what you typed and try again.',
  duplicate: 'It exists already, perhaps added from another tab at the same moment. The list now shows what is stored.',
  retry: 'Please try again.',
} as const;

export const adminCopy = {
  checking: 'Checking your admin session...',
  navLabel: 'Admin navigation',
  dashboardLink: 'Admin Dashboard',
  administratorLink: 'Administrator',
  analyticsLink: 'Website Analytics',
  seoLink: 'SEO Audits',
  pagesHeading: 'Test pages',
  showPages: (count: number) => `Test pages (${count})`,
  pagesLoading: 'Loading pages...',
  pagesLoadFailed: 'The admin pages could not be loaded.',
  dashboard: {
    title: 'Admin Dashboard',
    /** Where the admin navigation is: on the left of a wide screen, above the page on a phone. */
    navPlace: { wide: 'on the left', narrow: 'above' },
    statement: (navPlace: string) =>
      `This admin area has ${DEFAULT_ADMIN_PAGE_COUNT} blank test pages (Page 1 to Page ${DEFAULT_ADMIN_PAGE_COUNT}), reachable from the navigation menu ${navPlace}. Use them to try out components and layouts before they go on the public site.`,
    gettingStartedTitle: 'Getting started',
    gettingStarted: [
      (navPlace: string) => `Open a test page from the navigation menu ${navPlace}; Page 1 is THE TEST LAB.`,
      'Try the pricing component on Page 5, the Pricing Testing Page.',
      'Rename menu items and test pages, or add new ones, on the Administrator screen.',
      'Check your changes in the site menu: it shows them at once, no reload needed.',
    ],
    administratorCta: 'Open the Administrator screen',
  },
  testPage: {
    placeholderTitle: 'A blank canvas',
    placeholder: [
      'This page is intentionally blank. Drop in a component, a layout or some copy and see how it behaves before it goes live.',
      'Nothing here is visible to visitors: only signed-in site admins can open the admin pages.',
    ],
    heroAlt: (title: string) => `Hero image of ${title}`,
    loadFailed: 'This page could not be loaded.',
  },
  pricingPage: {
    title: 'Pricing Testing Page',
    intro: 'The pricing component of the public site, live: switch to annual billing to see the yearly prices (Save 20%).',
    guideTitle: 'Integration guide',
    guideSteps: [
      'Import PricingSection from src/components/pricing/pricing-section.tsx.',
      'Place it in any page; give it an id when the page has more than one (it anchors the section and its heading).',
      'The plans come from src/config/plans.ts: change names, prices, features and buttons there, once, for every page.',
      'Billing starts monthly; switching to annual shows the yearly prices and fires the confetti effect.',
    ],
    codeLabel: 'Example',
    code: `import { PricingSection } from '@/components/pricing/pricing-section';

export function OurPricingPage() {
  return (
    <main className="mx-auto max-w-7xl px-4 py-16">
      <PricingSection id="pricing" />
    </main>
  );
}`,
  },
  administrator: {
    title: 'Administrator',
    description: 'Manage the site navigation and the admin test pages.',
    quickLinksTitle: 'Quick links',
    pricingPageLink: 'Pricing Testing Page',
    pricingPageHint: '/admin/page-5',
    dashboardLink: 'Marketing Dashboard',
    dashboardHint: '/dashboard',
    previewTitle: 'Pricing demo preview',
    previewDescription: 'The pricing component as visitors see it.',
    comingSoon: 'coming soon',
    siteSettings: 'Site Settings',
    siteSettingsDescription: 'Site name, contact details and search engine settings.',
    themeConfiguration: 'Theme Configuration',
    themeConfigurationDescription: 'Colours, fonts and the logo of the public site.',
  },
  menuEditor: {
    title: 'Navigation menu',
    description: 'Rename the entries of the site menu, add new ones, or go back to the four defaults.',
    nameLabel: (href: string) => `Name of the menu item linking to ${href}`,
    nameRequired: 'A menu item needs a name',
    save: 'Save Menu Items',
    saving: 'Saving...',
    newName: 'Name',
    newHref: 'URL',
    newHrefHint: 'A path such as /contact, or an address starting with https://, http:// or mailto:',
    hrefInvalid: 'The URL must start with /, https://, http:// or mailto:',
    hrefTaken: 'The menu already links to this URL.',
    add: 'Add Menu Item',
    adding: 'Adding...',
    reset: 'Reset Menu Items',
    resetTitle: 'Reset the navigation menu?',
    resetDescription: 'The menu goes back to Home, Portfolio, About and ROI. Renamed and added items are lost.',
    loading: 'Loading menu items...',
    empty: 'The menu has no items.',
    loadFailed: 'The menu items could not be loaded.',
  },
  pagesEditor: {
    title: 'Admin pages',
    description: 'Rename the test pages, add a page, or go back to the 20 defaults.',
    titleLabel: (number: number) => `Title of page ${number}`,
    titleRequired: 'A page needs a title',
    save: 'Save Page Titles',
    saving: 'Saving...',
    add: 'Add Page',
    adding: 'Adding...',
    nextPage: (number: number) => `The next page is Page ${number} at /admin/page-${number}.`,
    reset: 'Reset Admin Pages',
    resetTitle: 'Reset the admin pages?',
    resetDescription: `The admin pages go back to the ${DEFAULT_ADMIN_PAGE_COUNT} defaults (THE TEST LAB and Page 2 to Page ${DEFAULT_ADMIN_PAGE_COUNT}). Renamed titles and added pages are lost.`,
    loading: 'Loading admin pages...',
    empty: 'There are no admin pages.',
    loadFailed: 'The admin pages could not be loaded.',
  },
  cancel: 'Cancel',
  confirmReset: 'Reset',
} as const;
