import { useQuery } from '@tanstack/react-query';
import { toError } from '@/lib/errors';
import { supabase } from '@/lib/supabase';

export interface EmailConfirmation {
  status: 'pending' | 'already_confirmed';
  list_name: string;
  workspace_name: string;
}

/**
 * What a double opt-in link is for, read without confirming anything (public.email_confirmation): the page shows it
 * and waits for the person's click. A refused link rejects with the database's error (details invalid_token).
 */
export function useEmailConfirmation(token: string) {
  return useQuery({
    queryKey: ['email', 'confirmation', token],
    queryFn: async (): Promise<EmailConfirmation> => {
      const { data, error } = await supabase.rpc('email_confirmation', { token });
      if (error) throw toError(error);
      return data![0]! as EmailConfirmation;
    },
    retry: false,
    staleTime: Infinity,
  });
}
