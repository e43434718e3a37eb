import { toError } from '@/lib/errors';
import { normalizeCode } from '@/lib/one-time-code';
import { supabase } from '@/lib/supabase';
import { useSecurityMutation } from '@/features/account-security/api/use-security-mutation';

/** The first code of a new factor: it becomes verified, and this session steps up to aal2. */
export async function confirmFactor(input: { factorId: string; code: string }): Promise<void> {
  const { error } = await supabase.auth.mfa.challengeAndVerify({ factorId: input.factorId, code: normalizeCode(input.code) });
  if (error) throw toError(error);
}

export function useConfirmFactor() {
  return useSecurityMutation(confirmFactor);
}
