import type { ReactNode } from 'react';
import { moduleSubtitles } from '@/config/module-subtitles';
import { ModulePage } from '@/features/dashboard/components/module-page';
import { QuickActionsCard, SampleListCard } from '@/components/module/sample-cards';

const platforms = [
  { primary: 'Instagram', secondary: '16.8K followers · 7.2% engagement', progress: 72, value: '7.2%' },
  { primary: 'LinkedIn', secondary: '12.4K followers · 5.1% engagement', progress: 51, value: '5.1%' },
  { primary: 'Facebook', secondary: '9.7K followers · 3.4% engagement', progress: 34, value: '3.4%' },
  { primary: 'TikTok', secondary: '6.3K followers · 9.8% engagement', progress: 98, value: '9.8%' },
];

const scheduled = [
  { primary: 'Behind the scenes: design sprint', secondary: 'Instagram · today 17:00', badge: { label: 'Scheduled', variant: 'blue' as const } },
  { primary: 'Customer story: Northwind Travel', secondary: 'LinkedIn · tomorrow 09:30', badge: { label: 'Scheduled', variant: 'blue' as const } },
  { primary: 'Product tip of the week', secondary: 'Facebook · Friday 12:00', badge: { label: 'In Review', variant: 'yellow' as const } },
  { primary: 'Team Q&A teaser', secondary: 'TikTok · no date yet', badge: { label: 'Draft', variant: 'grey' as const } },
];

/**
 * Social Media Hub (spec §2): the working Social Hub (`children`, src/features/social, with its figures card: real
 * figures, or the spec's sample headline figures for a workspace that has published nothing) above the spec's sample
 * lists (marked).
 */
export function SocialModule({ children }: { children?: ReactNode }) {
  return (
    <ModulePage module="social" subtitle={moduleSubtitles.social}>
      {children}
      <div className="grid gap-6 lg:grid-cols-3">
        <SampleListCard title="Platform Performance" items={platforms} />
        <SampleListCard title="Scheduled Posts" items={scheduled} />
        <QuickActionsCard actions={['Schedule Post', 'Create Campaign', 'View Calendar']} />
      </div>
    </ModulePage>
  );
}
