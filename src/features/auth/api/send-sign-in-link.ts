import { useMutation } from '@tanstack/react-query';
import { paths } from '@/config/paths';
import { toError } from '@/lib/errors';
import { supabase } from '@/lib/supabase';

/**
 * The sign-in link comes back to /auth (with an invitation's parameters when there is one), where supabase-js reads
 * the session from the URL. Only for existing accounts: signing up asks for a name, so an unknown address gets the
 * same answer and no e-mail (the server never says which addresses have an account).
 */
export function signInLinkRedirect(origin: string, search: string): string {
  return new URL(`${paths.auth}${search}`, origin).href;
}

export async function sendSignInLink(email: string): Promise<void> {
  const { error } = await supabase.auth.signInWithOtp({
    email: email.trim(),
    options: { shouldCreateUser: false, emailRedirectTo: signInLinkRedirect(window.location.origin, window.location.search) },
  });
  if (error) throw toError(error);
}

export function useSendSignInLink() {
  return useMutation({ mutationFn: sendSignInLink });
}
