import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { messages } from '@/config/messages';
import { toError } from '@/lib/errors';

/** The contact form's rules: the same limits as the `leads` table's checks. */
export const leadSchema = z.object({
  name: z.string().trim().min(1, messages.contact.nameRequired).max(100, messages.contact.nameTooLong),
  email: z.string().trim().max(254, messages.contact.emailInvalid).pipe(z.email(messages.contact.emailInvalid)),
  company: z
    .string()
    .trim()
    .max(120, messages.contact.companyTooLong)
    .transform((value) => (value === '' ? null : value)),
  message: z.string().trim().min(10, messages.contact.messageTooShort).max(5000, messages.contact.messageTooLong),
});

export type LeadForm = z.input<typeof leadSchema>;
export type Lead = z.output<typeof leadSchema>;

/** Stores a lead. Visitors may insert but not read leads, so nothing is asked back (return=minimal). */
export async function createLead(lead: Lead): Promise<void> {
  const { supabase } = await import('@/lib/supabase');
  const { error } = await supabase.from('leads').insert(lead);
  if (error) throw toError(error);
}

export function useCreateLead() {
  return useMutation({ mutationFn: createLead });
}
