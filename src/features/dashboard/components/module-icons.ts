import {
  BarChart3,
  Briefcase,
  FileText,
  HeartHandshake,
  Mail,
  Megaphone,
  Palette,
  Search,
  Share2,
  Workflow,
  type LucideIcon,
} from 'lucide-react';
import type { MarketingModule } from '@/config/paths';

export const moduleIcons: Record<MarketingModule, LucideIcon> = {
  director: Briefcase,
  content: FileText,
  advertising: Megaphone,
  email: Mail,
  social: Share2,
  seo: Search,
  retention: HeartHandshake,
  analytics: BarChart3,
  automation: Workflow,
  creative: Palette,
};

/** One line per module for the dashboard grid. */
export const moduleDescriptions: Record<MarketingModule, string> = {
  director: 'Budget, team performance and strategy across every channel.',
  content: 'Plan, write and publish content items with your team.',
  advertising: 'Run advertising campaigns across the major ad platforms.',
  email: 'Campaigns, lists and deliverability for your email program.',
  social: 'Schedule posts and follow engagement across social networks.',
  seo: 'Keyword rankings, site health and paid search at a glance.',
  retention: 'Lead scores, churn risk and loyalty programs.',
  analytics: 'Traffic, conversions and attribution in one console.',
  automation: 'Workflows, triggers and nurture sequences.',
  creative: 'Design requests, brand assets and creative reviews.',
};
