import type { User } from '@supabase/supabase-js';
import { roleLabel } from '@/config/roles';
import type { Profile } from '@/lib/auth';

export interface ProfileDisplay {
  firstName: string;
  lastName: string;
  /** First and last name, else the e-mail address. */
  fullName: string;
  roleLabel: string;
}

function metadataText(user: User | null, key: string): string {
  const value: unknown = user?.user_metadata?.[key];
  return typeof value === 'string' ? value.trim() : '';
}

/** What the header shows: the profile's names (the sign-up metadata if the profile could not be read). */
export function profileDisplay(profile: Profile | null, user: User | null): ProfileDisplay {
  const firstName = profile ? (profile.first_name ?? '').trim() : metadataText(user, 'first_name');
  const lastName = profile ? (profile.last_name ?? '').trim() : metadataText(user, 'last_name');
  const fullName = [firstName, lastName].filter(Boolean).join(' ') || user?.email || '';
  return {
    firstName,
    lastName,
    fullName,
    roleLabel: roleLabel(profile?.marketing_role),
  };
}
