import type { MarketingModule } from '@/config/paths';
import { analyticsCopy } from '@/config/analytics-copy';
import { assetCopy } from '@/config/asset-copy';
import { automationCopy } from '@/config/automation-copy';
import { campaignCopy } from '@/config/campaign-copy';
import { contentCopy } from '@/config/content-copy';
import { emailCopy } from '@/config/email-copy';
import { seoCopy } from '@/config/seo-copy';

/**
 * The line under each /marketing/* page's title (`ModulePage`'s subtitle), in one place: the page renders it, and so
 * does the page's frame in the served HTML (features/dashboard/components/app-frame.tsx), painted before the app's
 * script runs.
 */
export const moduleSubtitles = {
  director: 'Marketing Director overview: budget, team and strategy across every channel.',
  content: contentCopy.subtitle,
  advertising: campaignCopy.subtitle,
  email: emailCopy.subtitle,
  social: 'Social Media Hub: audience, engagement and the posting schedule.',
  seo: seoCopy.subtitle,
  retention: 'Customer Retention Center: lead scores, churn risk and loyalty.',
  analytics: analyticsCopy.subtitle,
  automation: automationCopy.subtitle,
  creative: assetCopy.subtitle,
} as const satisfies Record<MarketingModule, string>;
