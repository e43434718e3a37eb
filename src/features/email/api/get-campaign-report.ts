import { useQuery } from '@tanstack/react-query';
import { emailKeys } from '@/features/email/api/keys';
import { unwrap } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import { useWorkspace } from '@/lib/workspace';

export interface CampaignReportCounts {
  deliveries: number;
  queued: number;
  sent: number;
  failed: number;
  unconfirmed: number;
  bounced: number;
  complained: number;
  unsubscribed: number;
  open_tracked: number;
  opened: number;
  click_tracked: number;
  clicked: number;
}

export interface CampaignDelivery {
  id: number;
  email: string;
  status: string;
  smtp_response: string | null;
  opened_at: string | null;
  clicked_at: string | null;
  bounced_at: string | null;
  bounce_type: string | null;
  complained_at: string | null;
  unsubscribed_at: string | null;
}

export const REPORT_ROWS = 200;

async function getCampaignReport(campaignId: string): Promise<{ counts: CampaignReportCounts; deliveries: CampaignDelivery[] }> {
  const [counts, deliveries] = await Promise.all([
    supabase.rpc('email_campaign_report', { campaign_id: campaignId }),
    supabase.from('email_deliveries').select('id, email, status, smtp_response, opened_at, clicked_at, bounced_at, bounce_type, complained_at, unsubscribed_at').eq('campaign_id', campaignId).order('id').limit(REPORT_ROWS),
  ]);
  const row = (unwrap(counts) ?? [])[0] ?? {};
  return {
    counts: Object.fromEntries(Object.entries(row).map(([key, value]) => [key, Number(value ?? 0)])) as unknown as CampaignReportCounts,
    deliveries: (unwrap(deliveries) ?? []) as CampaignDelivery[],
  };
}

/** A campaign's figures and its first messages with what happened to each; refreshed while it sends. */
export function useCampaignReport(campaignId: string, isLive: boolean) {
  const workspaceId = useWorkspace().current?.id ?? '';
  return useQuery({ queryKey: emailKeys.report(workspaceId, campaignId), queryFn: () => getCampaignReport(campaignId), refetchInterval: isLive ? 3_000 : false });
}
