import { useMutation } from '@tanstack/react-query';
import { toError } from '@/lib/errors';
import { normalizeCode } from '@/lib/one-time-code';
import { supabase } from '@/lib/supabase';

/** The 6-digit code of a sign-in e-mail, for the address it went to (supabase-js `verifyOtp`, type email). */
export async function verifyEmailCode(input: { email: string; code: string }) {
  const { data, error } = await supabase.auth.verifyOtp({ email: input.email.trim(), token: normalizeCode(input.code), type: 'email' });
  if (error) throw toError(error);
  return data;
}

export function useVerifyEmailCode() {
  return useMutation({ mutationFn: verifyEmailCode });
}
