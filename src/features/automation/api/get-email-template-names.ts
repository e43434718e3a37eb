import { useQuery } from '@tanstack/react-query';
import { automationKeys } from '@/features/automation/api/keys';
import { unwrap } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import { useWorkspace } from '@/lib/workspace';

export interface EmailTemplateName {
  id: string;
  name: string;
}

/**
 * The Email Platform templates an e-mail step may send: ids and names only (the Email Platform's own query parses
 * every template's blocks, code the automation page does not need on its first load).
 */
async function getEmailTemplateNames(workspaceId: string): Promise<EmailTemplateName[]> {
  return unwrap(await supabase.from('email_templates').select('id, name').eq('organization_id', workspaceId).order('name')) ?? [];
}

export function useEmailTemplateNames() {
  const workspaceId = useWorkspace().current?.id ?? null;
  return useQuery({ queryKey: automationKeys.emailTemplateNames(workspaceId ?? ''), queryFn: () => getEmailTemplateNames(workspaceId!), enabled: workspaceId !== null });
}
