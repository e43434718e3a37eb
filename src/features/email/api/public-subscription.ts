import { useMutation, useQuery } from '@tanstack/react-query';
import { toError, unwrap } from '@/lib/errors';
import { supabase } from '@/lib/supabase';

/** The hosted subscribe page's list (anyone with the form's token): its name, workspace and opt-in, or null. */
export function useListForm(formToken: string) {
  return useQuery({
    queryKey: ['email', 'public-form', formToken],
    queryFn: async () => (unwrap(await supabase.rpc('email_list_form', { form_token: formToken })) ?? [])[0] ?? null,
  });
}

/** The public form's subscription: {status: confirmation_sent | subscribed}. */
export function useSubscribe(formToken: string) {
  return useMutation({
    mutationFn: async (input: { email: string; firstName: string }) => {
      const { data, error } = await supabase.rpc('subscribe_to_email_list', { form_token: formToken, email: input.email, first_name: input.firstName || undefined, via: 'hosted' });
      if (error) throw toError(error);
      return data as unknown as { status: 'confirmation_sent' | 'subscribed' };
    },
  });
}

/**
 * The confirmation link's button: confirms once (status confirmed, then already_confirmed). Only a click calls it —
 * never the page's load, which a mail scanner running the link's scripts would trigger.
 */
export function useConfirmSubscription(token: string) {
  return useMutation({
    mutationFn: async () => {
      const { data, error } = await supabase.rpc('confirm_email_subscription', { token });
      if (error) throw toError(error);
      return data![0]!;
    },
  });
}
