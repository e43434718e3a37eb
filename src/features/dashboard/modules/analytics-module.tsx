import { Activity, Clock, MousePointerClick, Target } from 'lucide-react';
import { ModulePage } from '@/features/dashboard/components/module-page';
import { QuickActionsCard, SampleListCard } from '@/components/module/sample-cards';
import { SampleSection } from '@/components/module/sample-section';
import { KeyMetrics, StatCards } from '@/components/module/stat-cards';
import { moduleCopy } from '@/config/account-copy';

const iconClass = 'h-4 w-4 text-muted-foreground';

const stats = [
  { label: 'Sessions', value: '128,430', change: '+11.2%', icon: <Activity className={iconClass} aria-hidden="true" /> },
  { label: 'Conversion Rate', value: '3.1%', change: '+0.3%', icon: <Target className={iconClass} aria-hidden="true" /> },
  { label: 'Avg. Session Duration', value: '3m 42s', change: '+8s', icon: <Clock className={iconClass} aria-hidden="true" /> },
  { label: 'Bounce Rate', value: '41.2%', change: '-2.3%', lowerIsBetter: true, icon: <MousePointerClick className={iconClass} aria-hidden="true" /> },
];

const sources = [
  { primary: 'Organic search', secondary: '53,900 sessions', progress: 42, value: '42%' },
  { primary: 'Direct', secondary: '28,250 sessions', progress: 22, value: '22%' },
  { primary: 'Paid search', secondary: '21,830 sessions', progress: 17, value: '17%' },
  { primary: 'Social', secondary: '15,410 sessions', progress: 12, value: '12%' },
  { primary: 'Email', secondary: '9,040 sessions', progress: 7, value: '7%' },
];

const pages = [
  { primary: '/pricing', secondary: '4.8% conversion', value: '18,204' },
  { primary: '/blog/marketing-roi-guide', secondary: '2.1% conversion', value: '12,877' },
  { primary: '/features/automation', secondary: '3.6% conversion', value: '9,415' },
  { primary: '/case-studies', secondary: '2.9% conversion', value: '6,032' },
];

/**
 * The Analytics Console's sample figures (spec §2), marked: what a workspace without a measured site sees below the
 * prompt to add one (the console itself is src/features/analytics, composed by the route).
 */
export function AnalyticsSampleFigures() {
  return (
    <SampleSection title={moduleCopy.keyMetrics}>
      <StatCards stats={stats} />
      <div className="grid gap-6 lg:grid-cols-3">
        <SampleListCard title="Traffic Sources" items={sources} />
        <SampleListCard title="Top Pages" description="Page views this month." items={pages} />
        <QuickActionsCard actions={['Create Report', 'Export Data', 'Schedule Report']} />
      </div>
    </SampleSection>
  );
}

/** Analytics Console (spec §2, static): sample metrics and lists. */
export function AnalyticsModule() {
  return (
    <ModulePage module="analytics" subtitle="Analytics Console: traffic, conversions and attribution.">
      <KeyMetrics stats={stats} />
      <div className="grid gap-6 lg:grid-cols-3">
        <SampleListCard title="Traffic Sources" items={sources} />
        <SampleListCard title="Top Pages" description="Page views this month." items={pages} />
        <QuickActionsCard actions={['Create Report', 'Export Data', 'Schedule Report']} />
      </div>
    </ModulePage>
  );
}
