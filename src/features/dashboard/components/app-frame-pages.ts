import { dashboardCopy } from '@/config/account-copy';
import { SNIPPET_PATH } from '@/config/analytics';
import { analyticsCopy } from '@/config/analytics-copy';
import { assetCopy } from '@/config/asset-copy';
import { automationCopy } from '@/config/automation-copy';
import { campaignCopy } from '@/config/campaign-copy';
import { contactsCopy } from '@/config/contacts-copy';
import { contentCopy } from '@/config/content-copy';
import { emailCopy } from '@/config/email-copy';
import { resolveBackend } from '@/config/env';
import { moduleSubtitles } from '@/config/module-subtitles';
import { paths, type MarketingModule } from '@/config/paths';
import { marketingRoles } from '@/config/roles';
import { accountSecurityCopy } from '@/config/security-copy';
import { seoCopy } from '@/config/seo-copy';
import { socialCopy } from '@/config/social-copy';
import { teamCopy, workspaceCopy } from '@/config/team-copy';
import { webhooksCopy } from '@/config/webhooks-copy';
import { snippetTag } from '@/lib/analytics-snippet';

/**
 * What the frame of a signed-in page shows under the header, as the page itself first renders it: the way back to
 * the dashboard, a module's icon, the title and the line under it. A part the page only knows with its data (the
 * user's name in the dashboard's welcome, the workspace's name under the Team title) is a skeleton of its size.
 */
export interface FramePage {
  backLink: boolean;
  /** A /marketing/* module: its icon beside the title (ModulePage). */
  module?: MarketingModule;
  /** The title; undefined: a skeleton of the title's height. */
  title?: string;
  /** The line under the title; undefined: a skeleton of one line. */
  subtitle?: string;
  /**
   * A line under the title with the current workspace's name (`before` name `after`, the page's own classes), filled
   * in by the shell's inline script from the account's first reads (`@/config/app-frame-script`); a skeleton of one
   * line until then, and where there are no such reads (a static host).
   */
  workspaceLine?: WorkspaceLine;
  /** The way back's label, when not the dashboard's. */
  backLabel?: string;
  /** The module marks its figures as samples (ModulePage's isSample). */
  isSample?: boolean;
  /** The main column's spacing (the dashboard's is wider). */
  spacing: 'space-y-6' | 'space-y-8';
  /** The main column's width when the page narrows it (AccountSecurityPage's). */
  width?: 'max-w-3xl';
  /**
   * The page's first card when its heading is fixed text (a list's title and description): shown in the frame at the
   * place the page first renders it, `above` px of skeleton under the title standing for what comes before it.
   */
  card?: { title: string; description: string; above: number };
  /**
   * The page's first card when it is a plain Card whose header is fixed text (/account/security: the two-factor card,
   * whose description is the page's largest text): its title and description as CardHeader renders them, right under
   * the title, and a skeleton of `bodyHeight` px (its body's loading state) for what it reads.
   */
  headerCard?: HeaderCardFrame;
  /**
   * /marketing/email: the page's tabs (fixed) and where its overview first shows: the note of a workspace that has sent
   * nothing, filled in by the shell's inline script from the overview it starts (`@/config/app-frame-script`), a
   * skeleton of the note's phone height until then, and for a workspace with figures.
   */
  emailOverview?: EmailOverviewFrame;
  /**
   * /marketing/analytics: the console's first card for a member with a site (the first site's name and snippet filled
   * in by the shell's inline script from the sites it reads, `@/config/app-frame-script`), a skeleton until then, and
   * for a viewer or a workspace without a site.
   */
  analyticsSites?: AnalyticsSitesFrame;
}

export interface HeaderCardFrame {
  title: string;
  description: string;
  bodyHeight: number;
}

export interface AnalyticsSitesFrame {
  copy: {
    title: string;
    description: string;
    add: string;
    pick: string;
    removeShort: string;
    snippetTitle: string;
    snippetDescription: string;
    copy: string;
    goals: string;
    goalExample: string;
  };
  /** The snippet with SNIPPET_MARKS in place of the page's origin, the site's id and the page's anon key. */
  snippet: string;
}

/** What the inline script puts in the analytics frame's snippet template: the page's origin, the site's id, the anon key. */
export const SNIPPET_MARKS = { origin: '{{origin}}', siteId: '{{site}}', anonKey: '{{key}}' } as const;

export interface EmailOverviewFrame {
  tabs: string[];
  note: string;
  noteClass: string;
  /** Lines the note takes at 412 px (20 px each: text-sm). */
  noteLines: number;
}

export interface WorkspaceLine {
  before: string;
  after: string;
  className: string;
  /** Lines it takes at 412 px with a workspace name of ~25 characters: the skeleton's height until it is filled. */
  phoneLines: number;
}

/** A page's line around the workspace's name: `line(name)` split at the name (build time: the frame's template). */
export function workspaceLine(line: (workspace: string) => string, className: string, phoneLines: number): WorkspaceLine {
  const marker = '\u0000';
  const [before, after, ...rest] = line(marker).split(marker);
  if (after === undefined || rest.length > 0) throw new Error('workspaceLine: the line must name the workspace exactly once');
  return { before, after, className, phoneLines };
}

/** The card's top at 412 px on the page's first render, less the frame's own (measured, session 9). */
const ABOVE_CONTENT = 236;
const ABOVE_ADVERTISING = 236;
const ABOVE_SOCIAL = 72;
const ABOVE_SEO = 0;

/** Each module's subtitle, as its route passes it to ModulePage (build time only: this file is not in the app). */
const subtitles: Record<MarketingModule, string> = {
  ...moduleSubtitles,
  content: contentCopy.subtitle,
  advertising: campaignCopy.subtitle,
  email: emailCopy.subtitle,
  seo: seoCopy.subtitle,
  analytics: analyticsCopy.subtitle,
  automation: automationCopy.subtitle,
  creative: assetCopy.subtitle,
};

const SAMPLE_MODULES: readonly MarketingModule[] = ['social'];

const firstCards: Partial<Record<MarketingModule, FramePage['card']>> = {
  content: { title: contentCopy.listTitle, description: contentCopy.listDescription, above: ABOVE_CONTENT },
  advertising: { title: campaignCopy.listTitle, description: campaignCopy.listDescription, above: ABOVE_ADVERTISING },
  social: { title: socialCopy.accountsTitle, description: socialCopy.accountsDescription, above: ABOVE_SOCIAL },
  seo: { title: seoCopy.sites.title, description: seoCopy.sites.description, above: ABOVE_SEO },
};

/** The e-mail page's overview as EmailPage and EmailOverviewPanel first render it (their tabs, in order, and the note). */
const emailOverview: EmailOverviewFrame = { tabs: Object.values(emailCopy.tabs), note: emailCopy.overview.sampleNote, noteClass: 'text-sm text-muted-foreground', noteLines: 3 };

/**
 * The console's snippet as AnalyticsConsole writes it (snippetTag, the backend resolved as backendFromPage does): on the
 * own server the page's origin and anon key, marked for the inline script; a build for a hosted backend has its own.
 */
function analyticsSnippetTemplate(): string {
  const backend = resolveBackend(import.meta.env, { origin: SNIPPET_MARKS.origin, metaAnonKey: SNIPPET_MARKS.anonKey });
  return snippetTag({ scriptUrl: `${SNIPPET_MARKS.origin}${SNIPPET_PATH}`, siteId: SNIPPET_MARKS.siteId, apiUrl: backend.url, anonKey: backend.anonKey });
}

const analyticsSites = (): AnalyticsSitesFrame => ({
  copy: {
    title: analyticsCopy.sites.title,
    description: analyticsCopy.sites.description,
    add: analyticsCopy.sites.add,
    pick: analyticsCopy.sites.pick,
    removeShort: analyticsCopy.sites.removeShort,
    snippetTitle: analyticsCopy.snippet.title,
    snippetDescription: analyticsCopy.snippet.description,
    copy: analyticsCopy.snippet.copy,
    goals: analyticsCopy.snippet.goals,
    goalExample: analyticsCopy.snippet.goalExample,
  },
  snippet: analyticsSnippetTemplate(),
});

const modulePages = Object.fromEntries(
  marketingRoles.map(({ module, moduleTitle }): [string, FramePage] => [
    paths.marketing[module],
    {
      backLink: true,
      module,
      title: moduleTitle,
      subtitle: subtitles[module],
      isSample: SAMPLE_MODULES.includes(module),
      spacing: 'space-y-6',
      card: firstCards[module],
      emailOverview: module === 'email' ? emailOverview : undefined,
      analyticsSites: module === 'analytics' ? analyticsSites() : undefined,
    },
  ]),
);

/** Every signed-in page with a frame, by path (the account area's routes of `@/app/routes`). */
export const framePages: Readonly<Record<string, FramePage>> = {
  [paths.dashboard]: { backLink: false, subtitle: dashboardCopy.welcomeSubtitle, spacing: 'space-y-8' },
  [paths.team]: { backLink: true, title: teamCopy.title, workspaceLine: workspaceLine(teamCopy.subtitle, 'text-muted-foreground break-words', 2), spacing: 'space-y-6' },
  [paths.teamWebhooks]: {
    backLink: true,
    backLabel: workspaceCopy.team,
    title: webhooksCopy.title,
    // mt-1: the page's title block is space-y-1 (also /contacts').
    workspaceLine: workspaceLine(webhooksCopy.workspaceLine, 'mt-1 break-words text-muted-foreground', 4),
    spacing: 'space-y-6',
  },
  [paths.accountSecurity]: {
    backLink: true,
    title: accountSecurityCopy.title,
    subtitle: accountSecurityCopy.description,
    spacing: 'space-y-6',
    width: 'max-w-3xl',
    // TwoFactorCard while the factors load: ListStatus' loading line (20 px) and three 48 px rows, 12 px apart.
    headerCard: { title: accountSecurityCopy.twoFactorTitle, description: accountSecurityCopy.twoFactorDescription, bodyHeight: 200 },
  },
  [paths.contacts]: {
    backLink: true,
    title: contactsCopy.title,
    workspaceLine: workspaceLine(contactsCopy.workspaceLine, 'mt-1 text-muted-foreground', 3),
    spacing: 'space-y-6',
  },
  ...modulePages,
};
