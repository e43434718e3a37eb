import { toError } from '@/lib/errors';
import { normalizeCode } from '@/lib/one-time-code';
import { supabase } from '@/lib/supabase';
import { useSecurityMutation } from '@/features/account-security/api/use-security-mutation';

/**
 * Turning two-factor off takes a fresh code (the server removes a verified factor only from an aal2 session, and
 * the code proves the app is still at hand); then the session is refreshed, so its token and user say aal1.
 */
export async function disableTwoFactor(input: { factorId: string; code: string }): Promise<void> {
  const verified = await supabase.auth.mfa.challengeAndVerify({ factorId: input.factorId, code: normalizeCode(input.code) });
  if (verified.error) throw toError(verified.error);
  const removed = await supabase.auth.mfa.unenroll({ factorId: input.factorId });
  if (removed.error) throw toError(removed.error);
  const refreshed = await supabase.auth.refreshSession();
  if (refreshed.error) throw toError(refreshed.error);
}

export function useDisableTwoFactor() {
  return useSecurityMutation(disableTwoFactor);
}
