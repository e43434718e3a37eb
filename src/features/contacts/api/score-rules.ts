import { queryOptions, useQuery } from '@tanstack/react-query';
import { contactsCopy } from '@/config/contacts-copy';
import type { ScoreRuleKind } from '@/config/contact-options';
import { contactKeys } from '@/features/contacts/api/keys';
import { useContactsMutation } from '@/features/contacts/api/use-contacts-mutation';
import { toError, unwrap } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import { useWorkspace } from '@/lib/workspace';

export interface ScoreRule {
  id: string;
  kind: ScoreRuleKind;
  value: string;
  points: number;
}

const KIND_ORDER: Record<ScoreRuleKind, number> = { lifecycle_stage: 0, source: 1, job_title: 2, tag: 3, recent_activity: 4, email_opened: 5, email_clicked: 6 };

async function getScoreRules(workspaceId: string): Promise<ScoreRule[]> {
  const rows = (unwrap(await supabase.from('contact_score_rules').select('id, kind, value, points').eq('organization_id', workspaceId)) ?? []) as ScoreRule[];
  return rows.sort((a, b) => KIND_ORDER[a.kind] - KIND_ORDER[b.kind] || b.points - a.points || a.value.localeCompare(b.value));
}

export function useScoreRules() {
  const workspaceId = useWorkspace().current?.id ?? null;
  return useQuery({ ...queryOptions({ queryKey: contactKeys.rules(workspaceId ?? ''), queryFn: () => getScoreRules(workspaceId!) }), enabled: workspaceId !== null });
}

export type ScoreRuleChange = { op: 'add'; kind: ScoreRuleKind; value: string; points: number } | { op: 'points'; id: string; points: number } | { op: 'delete'; id: string };

/** One change of the rules; the database then rescores every contact of the workspace. */
async function changeScoreRule(change: ScoreRuleChange, workspaceId: string): Promise<void> {
  const { data, error } =
    change.op === 'add'
      ? await supabase.from('contact_score_rules').insert({ organization_id: workspaceId, kind: change.kind, value: change.value, points: change.points }).select('id')
      : change.op === 'points'
        ? await supabase.from('contact_score_rules').update({ points: change.points }).eq('id', change.id).select('id')
        : await supabase.from('contact_score_rules').delete().eq('id', change.id).select('id');
  if (error) throw toError(error);
  if (!data?.length) throw Object.assign(new Error(contactsCopy.errors.notAllowed), { code: '42501' });
}

export function useChangeScoreRule() {
  return useContactsMutation({ mutationFn: changeScoreRule, success: () => contactsCopy.rules.saved, failure: contactsCopy.rules.saveFailed });
}
