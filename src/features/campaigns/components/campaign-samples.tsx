import { DollarSign, Eye, MousePointerClick, TrendingUp } from 'lucide-react';
import { SampleListCard } from '@/components/module/sample-cards';
import { SampleSection } from '@/components/module/sample-section';
import { StatCards } from '@/components/module/stat-cards';
import { campaignCopy } from '@/config/campaign-copy';

const iconClass = 'h-4 w-4 text-muted-foreground';

const stats = [
  { label: 'Total Ad Spend', value: '$12,450', change: '+8.3%', icon: <DollarSign className={iconClass} aria-hidden="true" /> },
  { label: 'Impressions', value: '1.2M', change: '+15.4%', icon: <Eye className={iconClass} aria-hidden="true" /> },
  { label: 'Click-Through Rate', value: '3.8%', change: '+0.4%', icon: <MousePointerClick className={iconClass} aria-hidden="true" /> },
  { label: 'Return on Ad Spend', value: '4.2x', change: '+0.3x', icon: <TrendingUp className={iconClass} aria-hidden="true" /> },
];

const activeCampaigns = [
  { primary: 'Spring Website Rebuild Offer', secondary: 'Google Ads · $3,200 spent of $5,000', progress: 64, value: '64%' },
  { primary: 'Retargeting: Pricing Page Visitors', secondary: 'Facebook Ads · $1,150 spent of $2,000', progress: 58, value: '58%' },
  { primary: 'B2B Decision Makers', secondary: 'LinkedIn Ads · $2,760 spent of $3,000', progress: 92, value: '92%' },
];

const abTests = [
  { primary: 'Headline: "Faster sites" vs "More leads"', secondary: 'Variant B ahead · 95% confidence', badge: { label: 'Winner found', variant: 'green' as const } },
  { primary: 'Carousel vs single image', secondary: '2,410 impressions so far', badge: { label: 'Running', variant: 'blue' as const } },
  { primary: 'CTA: "Get a quote" vs "Book a call"', secondary: 'Starts Monday', badge: { label: 'Scheduled', variant: 'grey' as const } },
];

const platformRevenue = [
  { primary: 'Google Ads', secondary: 'ROAS 4.8x', value: '$18,240' },
  { primary: 'Facebook Ads', secondary: 'ROAS 3.9x', value: '$11,520' },
  { primary: 'LinkedIn Ads', secondary: 'ROAS 3.1x', value: '$8,930' },
  { primary: 'Instagram Ads', secondary: 'ROAS 3.4x', value: '$6,410' },
];

/** The console's headline figures for a workspace without results yet: fixed samples, marked, with a prompt. */
export function SampleAdvertisingOverview({ prompt }: { prompt: string }) {
  return (
    <SampleSection title={campaignCopy.overviewTitle}>
      <p className="text-sm text-muted-foreground">{prompt}</p>
      <StatCards stats={stats} />
    </SampleSection>
  );
}

/** A/B tests have no data source yet: fixed samples, always marked. */
export function SampleAbTests() {
  return (
    <SampleSection title={campaignCopy.abTestsTitle}>
      <SampleListCard title={campaignCopy.abTestsTitle} items={abTests} />
    </SampleSection>
  );
}

/** Active campaigns, A/B tests and platform revenue of a workspace without results yet: fixed samples, marked. */
export function SampleCampaignPerformance() {
  return (
    <SampleSection title={campaignCopy.performanceTitle}>
      <div className="grid gap-6 lg:grid-cols-3">
        <SampleListCard title={campaignCopy.activeCampaignsTitle} items={activeCampaigns} />
        <SampleListCard title={campaignCopy.abTestsTitle} items={abTests} />
        <SampleListCard title={campaignCopy.platformRevenueTitle} items={platformRevenue} />
      </div>
    </SampleSection>
  );
}
