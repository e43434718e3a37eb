import { useQuery } from '@tanstack/react-query';
import { emailCopy } from '@/config/email-copy';
import { emailKeys } from '@/features/email/api/keys';
import { useEmailMutation } from '@/features/email/api/use-email-mutation';
import { unwrap } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import { useWorkspace } from '@/lib/workspace';

export interface Suppression {
  id: string;
  email: string;
  reason: keyof typeof emailCopy.suppressions.reasons;
  detail: string | null;
  created_at: string;
}

async function getSuppressions(workspaceId: string): Promise<Suppression[]> {
  return (unwrap(await supabase.from('email_suppressions').select('id, email, reason, detail, created_at').eq('organization_id', workspaceId).order('created_at', { ascending: false }).limit(500)) ?? []) as Suppression[];
}

export function useSuppressions() {
  const workspaceId = useWorkspace().current?.id ?? null;
  return useQuery({ queryKey: emailKeys.suppressions(workspaceId ?? ''), queryFn: () => getSuppressions(workspaceId!), enabled: workspaceId !== null });
}

type SuppressionChange = { op: 'add'; email: string } | { op: 'remove'; id: string };

async function changeSuppression(change: SuppressionChange, workspaceId: string): Promise<SuppressionChange['op']> {
  if (change.op === 'add') unwrap(await supabase.from('email_suppressions').insert({ organization_id: workspaceId, email: change.email.trim().toLowerCase() }).select('id').single());
  else unwrap(await supabase.from('email_suppressions').delete().eq('id', change.id).select('id').single());
  return change.op;
}

export function useChangeSuppression() {
  return useEmailMutation({ mutationFn: changeSuppression, success: (op) => (op === 'add' ? emailCopy.suppressions.added : emailCopy.suppressions.removed), failure: emailCopy.suppressions.failed });
}
