import { Gauge, HeartHandshake, Repeat, UserMinus } from 'lucide-react';
import type { BadgeProps } from '@/components/ui/badge';
import { leadScoreBands, type LeadScoreBand } from '@/config/sample-figures';
import { ModulePage } from '@/features/dashboard/components/module-page';
import { QuickActionsCard, SampleListCard } from '@/components/module/sample-cards';
import { KeyMetrics } from '@/components/module/stat-cards';
import { leadScoreBand } from '@/features/dashboard/utils/lead-score';

const iconClass = 'h-4 w-4 text-muted-foreground';

const stats = [
  { label: 'Retention Rate', value: '87%', change: '+2.4%', icon: <Repeat className={iconClass} aria-hidden="true" /> },
  { label: 'Churn Rate', value: '2.4%', change: '-0.3%', lowerIsBetter: true, icon: <UserMinus className={iconClass} aria-hidden="true" /> },
  { label: 'Customer Lifetime Value', value: '$2,840', change: '+6.1%', icon: <HeartHandshake className={iconClass} aria-hidden="true" /> },
  { label: 'Net Promoter Score', value: '62', change: '+4', icon: <Gauge className={iconClass} aria-hidden="true" /> },
];

const bandVariants: Record<LeadScoreBand, BadgeProps['variant']> = { hot: 'red', warm: 'yellow', cool: 'blue', cold: 'grey' };
const bandCounts: Record<LeadScoreBand, number> = { hot: 124, warm: 318, cool: 476, cold: 205 };

const bands = leadScoreBands.map((band) => ({
  primary: `${band.label} leads`,
  secondary: `Score ${band.min}-${band.max}`,
  value: bandCounts[band.band].toLocaleString('en-US'),
  badge: { label: band.label, variant: bandVariants[band.band] },
}));

const leads = [
  { name: 'Northwind Travel', detail: 'Opened 6 emails, visited pricing twice', score: 92 },
  { name: 'Harbor Books', detail: 'Requested a demo last week', score: 84 },
  { name: 'Silver Trails Club', detail: 'Active in the community forum', score: 71 },
  { name: 'Bright Pages Media', detail: 'Downloaded two case studies', score: 55 },
  { name: 'Evergreen Outfitters', detail: 'No activity for 45 days', score: 23 },
].map((lead) => {
  const band = leadScoreBands.find((entry) => entry.band === leadScoreBand(lead.score));
  return {
    primary: lead.name,
    secondary: lead.detail,
    value: String(lead.score),
    badge: band ? { label: band.label, variant: bandVariants[band.band] } : undefined,
  };
});

/** Customer Retention Center (spec §2, static): lead score bands of spec §9 and sample lists. */
export function RetentionModule() {
  return (
    <ModulePage module="retention" subtitle="Customer Retention Center: lead scores, churn risk and loyalty.">
      <KeyMetrics stats={stats} />
      <div className="grid gap-6 lg:grid-cols-3">
        <SampleListCard title="Lead Score Bands" description="Leads by score band." items={bands} />
        <SampleListCard title="Leads to Follow Up" description="Score out of 100 and its band." items={leads} />
        <QuickActionsCard actions={['Launch Win-back Campaign', 'Create Segment', 'Send Survey']} />
      </div>
    </ModulePage>
  );
}
