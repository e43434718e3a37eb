import { queryOptions, useQuery } from '@tanstack/react-query';
import { automationKeys } from '@/features/automation/api/keys';
import type { WorkflowGraph } from '@/features/automation/utils/workflow-graph';
import { unwrap } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import type { Tables } from '@/types/database';

export interface Workflow extends Tables<'automation_workflows'> {
  /** The version runs take now (null before the first publish). */
  published: { version: number; graph: WorkflowGraph } | null;
  /** Unpublished edits (null when the published version is current). */
  draft: { version: number; graph: WorkflowGraph } | null;
}

type Row = Tables<'automation_workflows'> & { automation_workflow_versions: Pick<Tables<'automation_workflow_versions'>, 'version' | 'state' | 'graph'>[] };

/**
 * The workspace's workflows, oldest first, each with its published version and its draft (embedded through the
 * versions' own key: the workflow's published_version_id is a second relationship between the two tables).
 */
async function getWorkflows(workspaceId: string): Promise<Workflow[]> {
  const rows = unwrap(
    await supabase
      .from('automation_workflows')
      .select('*, automation_workflow_versions!automation_workflow_versions_workflow_id_organization_id_fkey(version, state, graph)')
      .eq('organization_id', workspaceId)
      .in('automation_workflow_versions.state', ['draft', 'published'])
      .order('created_at')
      .order('id'),
  ) as Row[] | null;
  return (rows ?? []).map(({ automation_workflow_versions: versions, ...workflow }) => {
    const pick = (state: string) => {
      const version = versions.find((entry) => entry.state === state);
      return version ? { version: version.version, graph: version.graph as unknown as WorkflowGraph } : null;
    };
    return { ...workflow, published: pick('published'), draft: pick('draft') };
  });
}

export function workflowsQueryOptions(workspaceId: string) {
  return queryOptions({ queryKey: automationKeys.workflows(workspaceId), queryFn: () => getWorkflows(workspaceId) });
}

export function useWorkflows(workspaceId: string) {
  return useQuery(workflowsQueryOptions(workspaceId));
}
