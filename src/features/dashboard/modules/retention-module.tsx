import { Gauge, HeartHandshake, Repeat, UserMinus } from 'lucide-react';
import type { ReactNode } from 'react';
import { QuickActionsCard } from '@/components/module/sample-cards';
import { SampleSection } from '@/components/module/sample-section';
import { StatCards } from '@/components/module/stat-cards';
import { moduleSubtitles } from '@/config/module-subtitles';
import { ModulePage } from '@/features/dashboard/components/module-page';

const iconClass = 'h-4 w-4 text-muted-foreground';

/** No source for these yet (no orders or surveys): fixed samples, marked. */
const stats = [
  { label: 'Retention Rate', value: '87%', change: '+2.4%', icon: <Repeat className={iconClass} aria-hidden="true" /> },
  { label: 'Churn Rate', value: '2.4%', change: '-0.3%', lowerIsBetter: true, icon: <UserMinus className={iconClass} aria-hidden="true" /> },
  { label: 'Customer Lifetime Value', value: '$2,840', change: '+6.1%', icon: <HeartHandshake className={iconClass} aria-hidden="true" /> },
  { label: 'Net Promoter Score', value: '62', change: '+4', icon: <Gauge className={iconClass} aria-hidden="true" /> },
];

/**
 * Customer Retention Center: the workspace's contact figures (lead score bands of spec §9, stages, hot contacts,
 * contacts gone quiet: `contactFigures`, composed by the route from the contacts feature) beside sample metrics
 * that have no source yet, marked.
 */
export function RetentionModule({ contactFigures }: { contactFigures: ReactNode }) {
  return (
    <ModulePage module="retention" subtitle={moduleSubtitles.retention} isSample={false}>
      {contactFigures}
      <SampleSection title="Key Metrics">
        <StatCards stats={stats} />
      </SampleSection>
      <div className="grid gap-6 lg:grid-cols-3">
        <QuickActionsCard actions={['Launch Win-back Campaign', 'Create Segment', 'Send Survey']} />
      </div>
    </ModulePage>
  );
}
