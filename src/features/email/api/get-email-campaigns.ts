import { useQuery } from '@tanstack/react-query';
import { emailKeys } from '@/features/email/api/keys';
import type { CampaignStatus } from '@/features/email/utils/campaign-actions';
import { readBlocks, type EmailBlock } from '@/lib/email-template/email-blocks';
import { unwrap } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import { useWorkspace } from '@/lib/workspace';

export interface EmailCampaign {
  id: string;
  name: string;
  subject: string;
  preheader: string;
  blocks: EmailBlock[];
  list_ids: string[];
  template_id: string | null;
  status: CampaignStatus;
  scheduled_at: string | null;
  started_at: string | null;
  finished_at: string | null;
  paused_reason: string | null;
  recipients_total: number | null;
  sent_count: number;
  failed_count: number;
  unconfirmed_count: number;
  created_at: string;
}

const COLUMNS = 'id, name, subject, preheader, blocks, list_ids, template_id, status, scheduled_at, started_at, finished_at, paused_reason, recipients_total, sent_count, failed_count, unconfirmed_count, created_at';

async function getEmailCampaigns(workspaceId: string): Promise<EmailCampaign[]> {
  const rows = unwrap(await supabase.from('email_campaigns').select(COLUMNS).eq('organization_id', workspaceId).order('created_at', { ascending: false }).limit(200)) ?? [];
  return rows.map((row) => ({ ...row, status: row.status as CampaignStatus, blocks: readBlocks(row.blocks) }));
}

/** The workspace's campaigns, newest first; refreshed every 3 s while one is sending, so its count moves. */
export function useEmailCampaigns() {
  const workspaceId = useWorkspace().current?.id ?? null;
  return useQuery({
    queryKey: emailKeys.campaigns(workspaceId ?? ''),
    queryFn: () => getEmailCampaigns(workspaceId!),
    enabled: workspaceId !== null,
    refetchInterval: (query) => (query.state.data?.some((campaign) => campaign.status === 'sending' || campaign.status === 'scheduled') ? 3_000 : false),
  });
}
