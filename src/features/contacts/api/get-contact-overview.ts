import { queryOptions, useQuery } from '@tanstack/react-query';
import { QUIET_DAYS, type LifecycleStage } from '@/config/contact-options';
import type { LeadScoreBand } from '@/config/sample-figures';
import { contactKeys } from '@/features/contacts/api/keys';
import { toError } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import { useWorkspace } from '@/lib/workspace';

export interface OverviewContact {
  id: string;
  /** The database's band of lead_score (hot, warm, cool, cold). */
  score_band: LeadScoreBand;
  first_name: string | null;
  last_name: string | null;
  email: string | null;
  company: string | null;
  phone: string | null;
  lead_score: number;
  last_activity_at: string | null;
}

export interface ContactOverview {
  total: number;
  bands: Record<LeadScoreBand, number>;
  stages: Record<LifecycleStage, number>;
  hot_to_call: OverviewContact[];
  quiet_count: number;
  quiet: (OverviewContact & { lifecycle_stage: LifecycleStage })[];
}

/**
 * The Retention Center's figures, counted by the database as the caller: first the scores are brought up to date
 * with the calendar (recent-activity rules age by the day; any member may ask, viewers included, as it changes only
 * the derived score), then contact_overview().
 */
async function getContactOverview(workspaceId: string): Promise<ContactOverview> {
  const rescored = await supabase.rpc('recompute_lead_scores', { workspace_id: workspaceId });
  if (rescored.error) throw toError(rescored.error);
  const { data, error } = await supabase.rpc('contact_overview', { workspace_id: workspaceId, quiet_days: QUIET_DAYS });
  if (error) throw toError(error);
  return data as unknown as ContactOverview;
}

export function useContactOverview() {
  const { current } = useWorkspace();
  const workspaceId = current?.id ?? null;
  return useQuery({
    ...queryOptions({ queryKey: contactKeys.overview(workspaceId ?? ''), queryFn: () => getContactOverview(workspaceId!) }),
    enabled: workspaceId !== null,
  });
}
