import { useMutation } from '@tanstack/react-query';
import { paths } from '@/config/paths';
import { supabase } from '@/lib/supabase';
import { toError } from '@/lib/errors';
import type { SignUpRequest } from '@/features/auth/utils/sign-up-validation';

export interface SignUpResult {
  /** No session came back: the server waits for the e-mail to be confirmed. */
  needsConfirmation: boolean;
}

/** The confirmation link leads back to the site root (spec §7), or to the invitation being accepted. */
export function signUpRedirectUrl(origin = window.location.origin, returnTo: string | null = null): string {
  return new URL(returnTo ?? paths.home, origin).href;
}

/** Spec §7: sign up with the names and company as user metadata; throws the server's error. */
export async function signUp(request: SignUpRequest & { returnTo?: string | null }): Promise<SignUpResult> {
  const { data, error } = await supabase.auth.signUp({
    email: request.email,
    password: request.password,
    options: {
      emailRedirectTo: signUpRedirectUrl(window.location.origin, request.returnTo ?? null),
      data: { first_name: request.firstName, last_name: request.lastName, company_name: request.companyName },
    },
  });
  if (error) throw toError(error);
  return { needsConfirmation: data.session === null };
}

export function useSignUp() {
  return useMutation({ mutationFn: signUp });
}
