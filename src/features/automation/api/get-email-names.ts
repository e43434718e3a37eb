import { useQuery } from '@tanstack/react-query';
import { automationKeys } from '@/features/automation/api/keys';
import { unwrap } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import { useWorkspace } from '@/lib/workspace';

export interface EmailName {
  id: string;
  name: string;
}

type NamedTable = 'email_templates' | 'email_lists' | 'email_campaigns';

/**
 * What a workflow may name from the Email Platform — templates an e-mail step sends, lists and campaigns a trigger
 * listens to: ids and names only. The Email Platform's own queries parse blocks and count members, code and requests
 * the automation page does not need on its first load.
 */
async function getEmailNames(table: NamedTable, workspaceId: string): Promise<EmailName[]> {
  return unwrap(await supabase.from(table).select('id, name').eq('organization_id', workspaceId).order('name')) ?? [];
}

function useEmailNames(table: NamedTable) {
  const workspaceId = useWorkspace().current?.id ?? null;
  return useQuery({ queryKey: automationKeys.emailNames(workspaceId ?? '', table), queryFn: () => getEmailNames(table, workspaceId!), enabled: workspaceId !== null });
}

export const useEmailTemplateNames = () => useEmailNames('email_templates');
export const useEmailListNames = () => useEmailNames('email_lists');
export const useEmailCampaignNames = () => useEmailNames('email_campaigns');
