import { useQuery } from '@tanstack/react-query';
import { emailKeys } from '@/features/email/api/keys';
import { unwrap } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import { useWorkspace } from '@/lib/workspace';

export interface EmailList {
  id: string;
  name: string;
  description: string | null;
  opt_in: 'single' | 'double';
  form_enabled: boolean;
  form_token: string;
  welcome_enabled: boolean;
  welcome_template_id: string | null;
  confirmed: number;
  pending: number;
  unsubscribed: number;
}

async function getEmailLists(workspaceId: string): Promise<EmailList[]> {
  const [lists, counts] = await Promise.all([
    supabase.from('email_lists').select('id, name, description, opt_in, form_enabled, form_token, welcome_enabled, welcome_template_id').eq('organization_id', workspaceId).order('name'),
    supabase.rpc('email_list_counts', { workspace_id: workspaceId }),
  ]);
  const byList = new Map((unwrap(counts) ?? []).map((row) => [row.list_id, row]));
  return (unwrap(lists) ?? []).map((list) => {
    const count = byList.get(list.id);
    return { ...list, opt_in: list.opt_in as EmailList['opt_in'], confirmed: Number(count?.confirmed ?? 0), pending: Number(count?.pending ?? 0), unsubscribed: Number(count?.unsubscribed ?? 0) };
  });
}

export function useEmailLists() {
  const workspaceId = useWorkspace().current?.id ?? null;
  return useQuery({ queryKey: emailKeys.lists(workspaceId ?? ''), queryFn: () => getEmailLists(workspaceId!), enabled: workspaceId !== null });
}
