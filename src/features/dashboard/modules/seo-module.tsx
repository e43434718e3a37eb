import { Award, Globe, KeyRound, ListOrdered } from 'lucide-react';
import { ModulePage } from '@/features/dashboard/components/module-page';
import { QuickActionsCard, SampleListCard } from '@/components/module/sample-cards';
import { SampleSection } from '@/components/module/sample-section';
import { KeyMetrics, StatCards } from '@/components/module/stat-cards';
import { moduleCopy } from '@/config/account-copy';

const iconClass = 'h-4 w-4 text-muted-foreground';

const stats = [
  { label: 'Organic Traffic', value: '32,410', change: '+9.4%', icon: <Globe className={iconClass} aria-hidden="true" /> },
  { label: 'Average Position', value: '8.3', change: '+1.2', period: 'places up from last month', icon: <ListOrdered className={iconClass} aria-hidden="true" /> },
  { label: 'Keywords in Top 10', value: '142', change: '+17', icon: <KeyRound className={iconClass} aria-hidden="true" /> },
  { label: 'Domain Authority', value: '54', change: '+2', icon: <Award className={iconClass} aria-hidden="true" /> },
];

const keywords = [
  { primary: 'marketing automation software', secondary: '8,100 searches / month', value: '#3', badge: { label: '+2', variant: 'green' as const } },
  { primary: 'content calendar template', secondary: '5,400 searches / month', value: '#5', badge: { label: '+4', variant: 'green' as const } },
  { primary: 'email open rate benchmark', secondary: '2,900 searches / month', value: '#8', badge: { label: '-1', variant: 'red' as const } },
  { primary: 'b2b lead scoring', secondary: '1,600 searches / month', value: '#12', badge: { label: 'new', variant: 'blue' as const } },
];

const health = [
  { primary: 'Pages indexed', secondary: '1,284 of 1,342 pages', progress: 96, value: '96%' },
  { primary: 'Core Web Vitals passed', secondary: 'Mobile, last 28 days', progress: 88, value: '88%' },
  { primary: 'Pages with meta descriptions', secondary: '61 pages missing one', progress: 81, value: '81%' },
  { primary: 'Internal links without errors', secondary: '23 broken links found', progress: 97, value: '97%' },
];

/**
 * The SEO Toolkit's sample figures (spec §2), marked: what a workspace without an audited site sees below the prompt
 * to add one (the toolkit itself is src/features/seo, composed by the route).
 */
export function SeoSampleFigures() {
  return (
    <SampleSection title={moduleCopy.keyMetrics}>
      <StatCards stats={stats} />
      <div className="grid gap-6 lg:grid-cols-3">
        <SampleListCard title="Keyword Rankings" items={keywords} />
        <SampleListCard title="Site Health" items={health} />
        <QuickActionsCard actions={['Run Site Audit', 'Research Keywords', 'Export Report']} />
      </div>
    </SampleSection>
  );
}

/** SEO Toolkit (spec §2, static): sample metrics and lists. */
export function SeoModule() {
  return (
    <ModulePage module="seo" subtitle="SEO Toolkit: rankings, organic traffic and site health.">
      <KeyMetrics stats={stats} />
      <div className="grid gap-6 lg:grid-cols-3">
        <SampleListCard title="Keyword Rankings" items={keywords} />
        <SampleListCard title="Site Health" items={health} />
        <QuickActionsCard actions={['Run Site Audit', 'Research Keywords', 'Export Report']} />
      </div>
    </ModulePage>
  );
}
