import { site } from './site';

/**
 * The Terms of Service and the Privacy Policy named under the auth form: plain words about what the product does and
 * stores. One page each; a section is a heading and its paragraphs or points.
 */
export interface LegalSection {
  heading: string;
  paragraphs?: readonly string[];
  points?: readonly string[];
}

export interface LegalPage {
  title: string;
  description: string;
  intro: string;
  sections: readonly LegalSection[];
}

/** Written out, not formatted by locale: the pages are prerendered and must hydrate with the same text. */
export const legalUpdated = { iso: '2026-11-23', text: '23 November 2026' } as const;

export const termsOfService: LegalPage = {
  title: 'Terms of Service',
  description: `The terms for using the ${site.platformName}: your account, your content and campaigns, and what we promise.`,
  intro: `These terms apply when you create an account on the ${site.platformName} or use it. They are short on purpose.`,
  sections: [
    {
      heading: 'Your account',
      paragraphs: [
        'You sign up with your name, an e-mail address and a password of at least six characters. Keep the password to yourself: whatever is done with your account counts as done by you.',
        'Each account belongs to an organization (your company, or a personal one). Members of an organization see and edit its content items and campaigns.',
      ],
    },
    {
      heading: 'Your content',
      paragraphs: [
        'Content items, campaigns and everything else you enter remain yours. We store them so that you and the members of your organization can work with them, and use them for nothing else.',
        'Do not enter anything you have no right to publish, or anything unlawful.',
      ],
    },
    {
      heading: 'The service',
      paragraphs: [
        'We keep the platform running and your data safe as well as we can, but we cannot promise that it never fails. Sample figures on the module pages are examples, not advice.',
        'You may stop using the platform at any time. Write to us and we delete your account and what it stored.',
      ],
    },
    {
      heading: 'Changes and contact',
      paragraphs: [
        `When these terms change, the new date appears on this page. Questions: ${site.contactEmail}.`,
      ],
    },
  ],
};

export const privacyPolicy: LegalPage = {
  title: 'Privacy Policy',
  description: `What the ${site.platformName} and the ${site.name} website store about you, why, and what they do not do.`,
  intro: 'We store what the product needs to work, and nothing to follow you around.',
  sections: [
    {
      heading: 'What we store',
      points: [
        'Accounts: your e-mail address, first and last name, company name, marketing role, when you were last active, and your password as a one-way hash (never the password itself).',
        'Sign-in records: when you signed in or out, from which network address and browser, to keep accounts safe and to limit repeated attempts.',
        'Content: the content items of your organization (titles, texts, tags, image links, SEO fields).',
        'Campaigns: the advertising campaigns of your organization (budgets, dates, audiences, goals, platforms).',
        'Leads: what you send with the contact form (name, e-mail address, company and message), so that we can answer.',
        'Visits to this website: the page, the referring site, campaign tags, the kind of device and browser, counted without cookies. Your network address and browser only enter a code that changes every day and cannot be traced back; they are not stored. With Do Not Track or Global Privacy Control on, nothing is counted.',
      ],
    },
    {
      heading: 'What we do not do',
      points: [
        'No tracking cookies, no advertising or third-party analytics scripts, no profiles of your browsing.',
        'Your browser keeps your sign-in in its local storage, only to keep you signed in; signing out removes it.',
        'We do not sell or share your data. Only members of your organization see its content and campaigns.',
      ],
    },
    {
      heading: 'Your choices',
      paragraphs: [
        'You can change your name and role in the profile settings at any time. To get a copy of your data, or to have your account and everything it stored deleted, write to us.',
        `Contact: ${site.contactEmail}.`,
      ],
    },
  ],
};
