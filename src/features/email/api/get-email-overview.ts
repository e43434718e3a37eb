import { queryOptions, useQuery } from '@tanstack/react-query';
import { emailKeys } from '@/features/email/api/keys';
import { takeEarlyWorkspaceReads } from '@/lib/early-requests';
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

/** The overview from the rpc's rows and the latest campaigns' rows. */
export function emailOverviewOf(countRows: unknown[], recent: unknown[]): EmailOverview {
  const values = (countRows[0] ?? {}) as Record<string, unknown>;
  const numbers = Object.fromEntries(COUNT_KEYS.map((key) => [key, Number(values[key] ?? 0) || 0])) as unknown as EmailOverviewCounts;
  return { counts: numbers, recent: recent as RecentCampaign[] };
}

/**
 * The reads the shell's inline script started for this workspace with the stored session (`@/config/app-frame-script`),
 * once and only for the user they were made for; null when there are none or they failed (then the app reads).
 */
async function earlyEmailOverview(workspaceId: string): Promise<EmailOverview | null> {
  if (typeof window === 'undefined' || !window.__earlyRequests?.emailOverview) return null;
  const userId = (await supabase.auth.getSession()).data.session?.user.id;
  const reads = userId ? takeEarlyWorkspaceReads(window.__earlyRequests, 'emailOverview', userId, workspaceId) : undefined;
  if (!reads) return null;
  try {
    const [counts, recent] = await Promise.all([reads.counts, reads.recent]);
    return Array.isArray(counts) && Array.isArray(recent) ? emailOverviewOf(counts, recent) : null;
  } catch {
    return null;
  }
}

async function getEmailOverview(workspaceId: string): Promise<EmailOverview> {
  const early = await earlyEmailOverview(workspaceId);
  if (early) return early;
  const [counts, recent] = await Promise.all([
    supabase.rpc('email_overview', { workspace_id: workspaceId }),
    supabase.from('email_campaigns').select('id, name, status, scheduled_at, sent_count, recipients_total').eq('organization_id', workspaceId).order('created_at', { ascending: false }).limit(5),
  ]);
  return emailOverviewOf(unwrap(counts) ?? [], unwrap(recent) ?? []);
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
