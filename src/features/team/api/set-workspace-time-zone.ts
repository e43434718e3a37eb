import { timeZoneCopy } from '@/config/team-copy';
import { useTeamMutation } from '@/features/team/api/use-team-mutation';
import { toError } from '@/lib/errors';
import { supabase } from '@/lib/supabase';

/** Admins and owners; the database accepts only a zone it knows (`time_zone_unknown` otherwise, with the name). */
async function setWorkspaceTimeZone(input: { workspaceId: string; timeZone: string }): Promise<void> {
  const { error } = await supabase.rpc('set_workspace_time_zone', { workspace_id: input.workspaceId, time_zone: input.timeZone });
  if (error) throw toError(error);
}

export function useSetWorkspaceTimeZone() {
  return useTeamMutation({
    mutationFn: setWorkspaceTimeZone,
    success: (_result, input) => timeZoneCopy.saved(input.timeZone),
    errorMessages: { time_zone_unknown: timeZoneCopy.unknown, time_zone_missing: timeZoneCopy.missing },
  });
}
