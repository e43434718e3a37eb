import { automationCopy } from '@/config/automation-copy';
import type { WorkflowCounts } from '@/features/automation/api/get-workflow-counts';
import { describeStep } from '@/features/automation/utils/step-list';
import type { WorkflowGraph } from '@/features/automation/utils/workflow-graph';

const EMPTY: WorkflowCounts = { entered: 0, active: 0, finished: 0, exited: 0, failed: 0, goals: 0, atStep: {} };

/** A workflow's runs: entered, in progress, finished, met the goal, failed, and how many contacts are at each step now. */
export function WorkflowCountsView({ counts = EMPTY, graph }: { counts?: WorkflowCounts; graph: WorkflowGraph | null }) {
  const figures = [
    [automationCopy.counts.entered, counts.entered],
    [automationCopy.counts.active, counts.active],
    [automationCopy.counts.finished, counts.finished],
    [automationCopy.counts.goals, counts.goals],
    [automationCopy.counts.failed, counts.failed],
  ] as const;
  const atSteps = Object.entries(counts.atStep).filter(([, n]) => n > 0);
  const stepName = (id: string) => {
    const step = graph?.steps.find((entry) => entry.id === id);
    return step ? describeStep(step) : id;
  };
  return (
    <div className="space-y-2">
      <dl className="grid grid-cols-2 gap-2 sm:grid-cols-5">
        {figures.map(([label, value]) => (
          <div key={label} className="rounded-md bg-muted/50 p-2">
            <dt className="text-xs text-muted-foreground">{label}</dt>
            <dd className="text-lg font-semibold">{value.toLocaleString('en-US')}</dd>
          </div>
        ))}
      </dl>
      <div>
        <h4 className="text-sm font-medium">{automationCopy.waitingAt}</h4>
        {atSteps.length ? (
          <ul className="text-sm text-muted-foreground">
            {atSteps.map(([id, n]) => <li key={id}>{`${stepName(id)}: ${n.toLocaleString('en-US')}`}</li>)}
          </ul>
        ) : (
          <p className="text-sm text-muted-foreground">{automationCopy.nobodyInFlight}</p>
        )}
      </div>
    </div>
  );
}
