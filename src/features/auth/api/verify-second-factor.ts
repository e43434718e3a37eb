import { useMutation } from '@tanstack/react-query';
import { secondFactorCopy } from '@/config/security-copy';
import { toError } from '@/lib/errors';
import { normalizeCode } from '@/lib/one-time-code';
import { supabase } from '@/lib/supabase';

/**
 * The second step of a sign-in: a code of the account's authenticator app steps the session up to aal2
 * (supabase-js `mfa.challengeAndVerify` with the verified TOTP factor).
 */
export async function verifySecondFactor(code: string) {
  const factors = await supabase.auth.mfa.listFactors();
  if (factors.error) throw toError(factors.error);
  const factor = factors.data.totp[0];
  if (!factor) throw new Error(secondFactorCopy.noFactor);
  const { data, error } = await supabase.auth.mfa.challengeAndVerify({ factorId: factor.id, code: normalizeCode(code) });
  if (error) throw toError(error);
  return data;
}

export function useVerifySecondFactor() {
  return useMutation({ mutationFn: verifySecondFactor });
}
