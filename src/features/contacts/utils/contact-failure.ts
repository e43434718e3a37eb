import { contactsCopy } from '@/config/contacts-copy';
import { accessLostDescription } from '@/lib/access-lost';
import { errorCode, isNotAllowed, isUnreachable } from '@/lib/error-kinds';

const errors = contactsCopy.errors;

/** What a toast says under its title when a change of contacts failed, from the error supabase-js gave. */
export function contactFailureDescription(error: unknown): string {
  const lost = accessLostDescription(error);
  if (lost) return lost;
  const details = error && typeof error === 'object' && 'details' in error ? String(error.details) : '';
  if (errorCode(error) === '23505') return errors.emailTaken;
  if (details === 'owner_not_member') return errors.ownerNotMember;
  if (details === 'unknown_contacts') return errors.unknownContacts;
  if (isNotAllowed(error)) return errors.notAllowed;
  if (isUnreachable(error)) return errors.unreachable;
  return errors.retry;
}
