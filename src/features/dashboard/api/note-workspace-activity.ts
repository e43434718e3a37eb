import { useEffect } from 'react';
import { localDay } from '@/lib/periods';
import { supabase } from '@/lib/supabase';
import { useWorkspace } from '@/lib/workspace';

/** Workspace and day already noted in this visit (this page load): a visit notes each workspace once a day. */
const noted = new Set<string>();

/** Forgets what this visit noted (tests start each from a fresh visit). */
export function forgetNotedActivity(): void {
  noted.clear();
}

/**
 * Notes that the user used the current workspace today (Active Users counts these days): once per visit and day,
 * whichever workspace page comes first (every one shows the signed-in header, which calls this). A failure changes
 * nothing the user sees, and the next visit tries again.
 */
export function useNoteWorkspaceActivity(): void {
  const organizationId = useWorkspace().current?.id ?? null;
  useEffect(() => {
    if (!organizationId) return;
    const key = `${organizationId}/${localDay()}`;
    if (noted.has(key)) return;
    noted.add(key);
    void supabase.rpc('note_workspace_activity', { workspace_id: organizationId }).then(({ error }) => {
      if (error) noted.delete(key);
    });
  }, [organizationId]);
}
