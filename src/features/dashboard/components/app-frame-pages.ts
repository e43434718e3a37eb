import { dashboardCopy } from '@/config/account-copy';
import { contactsCopy } from '@/config/contacts-copy';
import { moduleSubtitles } from '@/config/module-subtitles';
import { paths, type MarketingModule } from '@/config/paths';
import { marketingRoles } from '@/config/roles';

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
  /** The module marks its figures as samples (ModulePage's isSample). */
  isSample?: boolean;
  /** The main column's spacing (the dashboard's is wider). */
  spacing: 'space-y-6' | 'space-y-8';
}

const SAMPLE_MODULES: readonly MarketingModule[] = ['social'];

const modulePages = Object.fromEntries(
  marketingRoles.map(({ module, moduleTitle }): [string, FramePage] => [
    paths.marketing[module],
    { backLink: true, module, title: moduleTitle, subtitle: moduleSubtitles[module], isSample: SAMPLE_MODULES.includes(module), spacing: 'space-y-6' },
  ]),
);

/** Every signed-in page with a frame, by path (the account area's routes of `@/app/routes`). */
export const framePages: Readonly<Record<string, FramePage>> = {
  [paths.dashboard]: { backLink: false, subtitle: dashboardCopy.welcomeSubtitle, spacing: 'space-y-8' },
  [paths.team]: { backLink: true, spacing: 'space-y-6' },
  [paths.teamWebhooks]: { backLink: true, spacing: 'space-y-6' },
  [paths.accountSecurity]: { backLink: true, spacing: 'space-y-6' },
  [paths.contacts]: { backLink: true, title: contactsCopy.title, spacing: 'space-y-6' },
  ...modulePages,
};
