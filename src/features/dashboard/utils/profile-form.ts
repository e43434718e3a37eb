import { messages } from '@/config/messages';
import { findRole, type MarketingRole } from '@/config/roles';
import type { Profile } from '@/lib/auth';
import type { ProfileChanges } from '@/features/dashboard/api/update-profile';

/** The role select's value for "no specific role" (Radix Select items cannot have an empty value). */
export const NO_ROLE = 'none';

export interface ProfileFormValues {
  firstName: string;
  lastName: string;
  role: MarketingRole | typeof NO_ROLE;
}

export type ProfileFormErrors = Partial<Record<'firstName' | 'lastName', string>>;

export function profileFormValues(profile: Profile): ProfileFormValues {
  return {
    firstName: profile.first_name ?? '',
    lastName: profile.last_name ?? '',
    role: findRole(profile.marketing_role)?.value ?? NO_ROLE,
  };
}

export function validateProfileForm(values: ProfileFormValues): ProfileFormErrors {
  const errors: ProfileFormErrors = {};
  if (values.firstName.trim() === '') errors.firstName = messages.auth.firstNameRequired;
  if (values.lastName.trim() === '') errors.lastName = messages.auth.lastNameRequired;
  return errors;
}

/** Only what changed, trimmed; an empty object when nothing did. */
export function profileChanges(profile: Profile, values: ProfileFormValues): ProfileChanges {
  const changes: ProfileChanges = {};
  const firstName = values.firstName.trim();
  const lastName = values.lastName.trim();
  const role = values.role === NO_ROLE ? null : values.role;
  if (firstName !== (profile.first_name ?? '')) changes.first_name = firstName;
  if (lastName !== (profile.last_name ?? '')) changes.last_name = lastName;
  if (role !== (findRole(profile.marketing_role)?.value ?? null)) changes.marketing_role = role;
  return changes;
}
