import { useMutation } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import { toError } from '@/lib/errors';

export interface SignInInput {
  email: string;
  password: string;
}

/** Spec §7: sign in with e-mail and password; throws the server's error. */
export async function signIn({ email, password }: SignInInput) {
  const { data, error } = await supabase.auth.signInWithPassword({ email: email.trim(), password });
  if (error) throw toError(error);
  return data;
}

export function useSignIn() {
  return useMutation({ mutationFn: signIn });
}
