import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { messages } from '@/config/messages';
import { toError } from '@/lib/errors';
import { challengeOf, PROOF_HEADER } from '@/lib/proof-of-work/challenge';

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

/** Times the form solves a new challenge for one message (a proof expired or used meanwhile) before giving up. */
const MAX_CHALLENGES = 3;

export interface CreateLeadOptions {
  /**
   * Many messages are arriving: the browser proves its work before sending. Called with 0–99 as it goes, then with
   * null once it is done and the message goes again.
   */
  onVerifying?: (percent: number | null) => void;
}

/**
 * Stores a lead. Visitors may insert but not read leads, so nothing is asked back (return=minimal). Under load the
 * database answers with a proof-of-work challenge instead (docs/decisions/0016-contact-form-under-load.md): it is
 * solved off the main thread and the message sent again with the solution.
 */
export async function createLead(lead: Lead, options: CreateLeadOptions = {}): Promise<void> {
  const { supabase } = await import('@/lib/supabase');
  let proof: string | undefined;
  for (let attempt = 0; ; attempt += 1) {
    const insert = supabase.from('leads').insert(lead);
    const { error } = await (proof ? insert.setHeader(PROOF_HEADER, proof) : insert);
    if (!error) return;
    const challenge = challengeOf(error);
    if (!challenge || attempt === MAX_CHALLENGES) throw toError(error);
    options.onVerifying?.(0);
    const { solveChallenge } = await import('@/lib/proof-of-work/solve-challenge');
    proof = await solveChallenge(challenge, { onProgress: options.onVerifying });
    options.onVerifying?.(null);
  }
}

export function useCreateLead(options: CreateLeadOptions = {}) {
  return useMutation({ mutationFn: (lead: Lead) => createLead(lead, options) });
}
