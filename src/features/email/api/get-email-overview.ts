import { queryOptions, useQuery } from '@tanstack/react-query';
import { emailKeys } from '@/features/email/api/keys';
import { unwrap } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import { useWorkspace } from '@/lib/workspace';

export interface EmailOverviewCounts {
  subscribers: number;
  lists: number;
  campaigns: number;
  deliveries: number;
  sent: number;
  open_tracked: number;
  opened: number;
  click_tracked: number;
  clicked: number;
  unsubscribed: number;
  bounced: number;
  complained: number;
}

export interface RecentCampaign {
  id: string;
  name: string;
  status: string;
  scheduled_at: string | null;
  sent_count: number;
  recipients_total: number | null;
}

export interface EmailOverview {
  counts: EmailOverviewCounts;
  recent: RecentCampaign[];
}

const COUNT_KEYS: (keyof EmailOverviewCounts)[] = ['subscribers', 'lists', 'campaigns', 'deliveries', 'sent', 'open_tracked', 'opened', 'click_tracked', 'clicked', 'unsubscribed', 'bounced', 'complained'];

async function getEmailOverview(workspaceId: string): Promise<EmailOverview> {
  const [counts, recent] = await Promise.all([
    supabase.rpc('email_overview', { workspace_id: workspaceId }),
    supabase.from('email_campaigns').select('id, name, status, scheduled_at, sent_count, recipients_total').eq('organization_id', workspaceId).order('created_at', { ascending: false }).limit(5),
  ]);
  const row = (unwrap(counts) ?? [])[0];
  const values = (row ?? {}) as Record<string, unknown>;
  const numbers = Object.fromEntries(COUNT_KEYS.map((key) => [key, Number(values[key] ?? 0) || 0])) as unknown as EmailOverviewCounts;
  return { counts: numbers, recent: (unwrap(recent) ?? []) as RecentCampaign[] };
}

/** The module page's figures: subscribers, sends and the counts behind the rates, and the five latest campaigns. */
export function useEmailOverview() {
  const workspaceId = useWorkspace().current?.id ?? null;
  return useQuery({ ...emailOverviewQueryOptions(workspaceId ?? ''), enabled: workspaceId !== null });
}

/** The overview's query, also started by the route before the page renders (routes/marketing/email.tsx). */
export function emailOverviewQueryOptions(workspaceId: string) {
  return queryOptions({ queryKey: emailKeys.overview(workspaceId), queryFn: () => getEmailOverview(workspaceId) });
}
