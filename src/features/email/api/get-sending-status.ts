import { useQuery } from '@tanstack/react-query';
import { emailKeys } from '@/features/email/api/keys';
import { unwrap } from '@/lib/errors';
import { supabase } from '@/lib/supabase';

async function getSendingStatus(): Promise<{ workerAlive: boolean }> {
  const rows = unwrap(await supabase.rpc('email_sending_status')) ?? [];
  return { workerAlive: Boolean(rows[0]?.worker_alive) };
}

/** Whether a background worker runs (campaigns can be sent), checked every 30 seconds. */
export function useSendingStatus() {
  return useQuery({ queryKey: emailKeys.sending, queryFn: getSendingStatus, refetchInterval: 30_000 });
}
