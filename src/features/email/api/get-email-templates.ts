import { useQuery } from '@tanstack/react-query';
import { emailKeys } from '@/features/email/api/keys';
import { readBlocks, type EmailBlock } from '@/lib/email-template/email-blocks';
import { unwrap } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import { useWorkspace } from '@/lib/workspace';

export interface EmailTemplate {
  id: string;
  name: string;
  subject: string;
  preheader: string;
  blocks: EmailBlock[];
  updated_at: string;
}

async function getEmailTemplates(workspaceId: string): Promise<EmailTemplate[]> {
  const rows = unwrap(await supabase.from('email_templates').select('id, name, subject, preheader, blocks, updated_at').eq('organization_id', workspaceId).order('updated_at', { ascending: false })) ?? [];
  return rows.map((row) => ({ ...row, blocks: readBlocks(row.blocks) }));
}

export function useEmailTemplates() {
  const workspaceId = useWorkspace().current?.id ?? null;
  return useQuery({ queryKey: emailKeys.templates(workspaceId ?? ''), queryFn: () => getEmailTemplates(workspaceId!), enabled: workspaceId !== null });
}
