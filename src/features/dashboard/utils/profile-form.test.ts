import { describe, expect, it } from 'vitest';
import type { Profile } from '@/lib/auth';
import { NO_ROLE, profileChanges, profileFormValues, validateProfileForm } from './profile-form';

const profile: Profile = {
  id: 'p1',
  user_id: 'u1',
  organization_id: 'o1',
  first_name: 'Ada',
  last_name: 'Lovelace',
  marketing_role: null,
  last_active: null,
  created_at: '',
  updated_at: '',
};

describe('profileFormValues', () => {
  it('starts from the profile, with no role as the none option', () => {
    expect(profileFormValues(profile)).toEqual({ firstName: 'Ada', lastName: 'Lovelace', role: NO_ROLE });
  });

  it('keeps a known role and drops an unknown one', () => {
    expect(profileFormValues({ ...profile, marketing_role: 'seo_sem_specialist' }).role).toBe('seo_sem_specialist');
    expect(profileFormValues({ ...profile, marketing_role: 'astronaut' }).role).toBe(NO_ROLE);
  });
});

describe('validateProfileForm', () => {
  it('requires both names', () => {
    expect(validateProfileForm({ firstName: ' ', lastName: '', role: NO_ROLE })).toEqual({
      firstName: 'First name is required',
      lastName: 'Last name is required',
    });
    expect(validateProfileForm({ firstName: 'A', lastName: 'B', role: NO_ROLE })).toEqual({});
  });
});

describe('profileChanges', () => {
  it('is empty when nothing changed (spaces around names do not count)', () => {
    expect(profileChanges(profile, { firstName: ' Ada ', lastName: 'Lovelace', role: NO_ROLE })).toEqual({});
  });

  it('sends only the changed fields, trimmed', () => {
    expect(profileChanges(profile, { firstName: ' Augusta ', lastName: 'Lovelace', role: 'creative_director' })).toEqual({
      first_name: 'Augusta',
      marketing_role: 'creative_director',
    });
  });

  it('clears a role back to none', () => {
    expect(profileChanges({ ...profile, marketing_role: 'creative_director' }, { firstName: 'Ada', lastName: 'Lovelace', role: NO_ROLE })).toEqual({
      marketing_role: null,
    });
  });
});
