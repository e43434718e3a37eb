import { Workflow as WorkflowIcon } from 'lucide-react';
import { ListStatus } from '@/components/module/list-status';
import { StatCardsLoading } from '@/components/module/stat-cards-loading';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { automationCopy } from '@/config/automation-copy';
import { useCreateWorkflow } from '@/features/automation/api/create-workflow';
import { useActionsThisWeek } from '@/features/automation/api/get-actions-this-week';
import { useWorkflowCounts } from '@/features/automation/api/get-workflow-counts';
import { useWorkflows } from '@/features/automation/api/get-workflows';
import { AutomationFigures } from '@/features/automation/components/automation-figures';
import { WorkflowCard } from '@/features/automation/components/workflow-card';
import { workflowTemplates } from '@/features/automation/utils/workflow-templates';
import { useWorkspace } from '@/lib/workspace';

/**
 * The Marketing Automation Platform's content: figures from the runs, the templates to start from (members), and
 * the workspace's workflows with their runs. Viewers read everything and change nothing.
 */
export function AutomationPage() {
  const { current, canWrite } = useWorkspace();
  const workspaceId = current?.id ?? '';
  const workflows = useWorkflows(workspaceId);
  const counts = useWorkflowCounts(workspaceId);
  const actions = useActionsThisWeek(workspaceId, Boolean(workflows.data?.length));
  const create = useCreateWorkflow();
  if (!current) return null;
  const list = workflows.data ?? [];
  return (
    <>
      {workflows.data ? <AutomationFigures workflows={list} counts={counts.data ?? new Map()} actionsThisWeek={actions.data} /> : null}
      {workflows.isPending ? <StatCardsLoading labels={Object.values(automationCopy.figures)} status={automationCopy.figuresLoading} /> : null}
      {canWrite ? (
        <Card>
          <CardHeader>
            <h2 className="text-xl font-semibold tracking-tight">{automationCopy.templatesTitle}</h2>
          </CardHeader>
          <CardContent className="grid gap-3 md:grid-cols-2">
            {workflowTemplates.map((template) => (
              <div key={template.id} className="flex flex-col justify-between gap-3 rounded-md border p-4">
                <div>
                  <h3 className="font-medium">{template.name}</h3>
                  <p className="text-sm text-muted-foreground">{template.description}</p>
                </div>
                <Button type="button" variant="outline" className="self-start" disabled={create.isPending}
                  aria-label={`${automationCopy.useTemplate}: ${template.name}`}
                  onClick={() => create.mutate({ workspaceId, name: template.name, graph: template.graph })}>
                  {automationCopy.useTemplate}
                </Button>
              </div>
            ))}
          </CardContent>
        </Card>
      ) : null}
      <section aria-labelledby="automation-workflows-title" className="space-y-3">
        <div>
          <h2 id="automation-workflows-title" className="text-xl font-semibold tracking-tight">{automationCopy.workflowsTitle}</h2>
          <CardDescription>{automationCopy.workflowsDescription}</CardDescription>
        </div>
        {workflows.isPending ? <ListStatus kind="loading" title={automationCopy.loading} /> : null}
        {workflows.isError ? (
          <ListStatus kind="error" title={automationCopy.loadFailed} description={workflows.error.message}>
            <Button type="button" variant="outline" onClick={() => void workflows.refetch()}>{automationCopy.retry}</Button>
          </ListStatus>
        ) : null}
        {workflows.data && list.length === 0 ? <ListStatus kind="empty" icon={WorkflowIcon} title={automationCopy.emptyTitle} description={automationCopy.emptyDescription} /> : null}
        <ul className="space-y-4">
          {list.map((workflow) => (
            <li key={workflow.id}>
              <WorkflowCard workflow={workflow} counts={counts.data?.get(workflow.id)} canWrite={canWrite} />
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}
