import { SampleSection } from '@/components/module/sample-section';
import { KeyMetrics, StatCards, type StatCardItem } from '@/components/module/stat-cards';
import { automationCopy } from '@/config/automation-copy';
import type { WorkflowCounts } from '@/features/automation/api/get-workflow-counts';
import type { Workflow } from '@/features/automation/api/get-workflows';

const SAMPLE: readonly StatCardItem[] = [
  { label: automationCopy.figures.workflows, value: '16', change: '+3' },
  { label: automationCopy.figures.inProgress, value: '9,812', change: '+7.5%' },
  { label: automationCopy.figures.actions, value: '31,540', change: '+12%' },
  { label: automationCopy.figures.goals, value: '1,240', change: '+9%' },
];

interface AutomationFiguresProps {
  workflows: readonly Workflow[];
  counts: ReadonlyMap<string, WorkflowCounts>;
  /** Action steps done in the last 7 days (undefined while it loads). */
  actionsThisWeek: number | undefined;
}

/**
 * The module's headline figures from the workspace's runs (issue 29 §8: active workflows, contacts in progress,
 * actions this week, goal conversions); a workspace without workflows sees sample figures, marked as such. Failed runs
 * are on each workflow's card, with their retry.
 */
export function AutomationFigures({ workflows, counts, actionsThisWeek }: AutomationFiguresProps) {
  if (workflows.length === 0) {
    return (
      <SampleSection title={automationCopy.sampleFigures}>
        <StatCards stats={SAMPLE} />
      </SampleSection>
    );
  }
  const sum = (pick: (entry: WorkflowCounts) => number) => [...counts.values()].reduce((total, entry) => total + pick(entry), 0).toLocaleString('en-US');
  const now = automationCopy.rightNow;
  return (
    <KeyMetrics
      stats={[
        { label: automationCopy.figures.workflows, value: String(workflows.filter((workflow) => workflow.status === 'published').length), change: null, note: now },
        { label: automationCopy.figures.inProgress, value: sum((entry) => entry.active), change: null, note: now },
        { label: automationCopy.figures.actions, value: actionsThisWeek === undefined ? '—' : actionsThisWeek.toLocaleString('en-US'), change: null, note: automationCopy.lastSevenDays },
        { label: automationCopy.figures.goals, value: sum((entry) => entry.goals), change: null, note: automationCopy.allTime },
      ]}
    />
  );
}
