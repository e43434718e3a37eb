import type { User } from '@supabase/supabase-js';
import { describe, expect, it } from 'vitest';
import type { Profile } from '@/lib/auth';
import { profileDisplay } from './profile-display';

const user = { id: 'u1', email: 'ada@example.com', user_metadata: { first_name: 'Meta', last_name: 'Data' } } as unknown as User;

function profile(overrides: Partial<Profile> = {}): Profile {
  return {
    id: 'p1',
    user_id: 'u1',
    organization_id: 'o1',
    first_name: 'Ada',
    last_name: 'Lovelace',
    marketing_role: null,
    last_active: null,
    created_at: '2026-01-01T00:00:00Z',
    updated_at: '2026-01-01T00:00:00Z',
    ...overrides,
  };
}

describe('profileDisplay', () => {
  it('shows names and Marketing Professional for a profile without a role', () => {
    expect(profileDisplay(profile(), user)).toEqual({
      firstName: 'Ada',
      lastName: 'Lovelace',
      fullName: 'Ada Lovelace',
      roleLabel: 'Marketing Professional',
    });
  });

  it('labels the role from the roles table', () => {
    expect(profileDisplay(profile({ marketing_role: 'content_marketing_manager' }), user).roleLabel).toBe('Content Marketing Manager');
  });

  it('falls back to Marketing Professional for an unknown role value', () => {
    expect(profileDisplay(profile({ marketing_role: 'astronaut' }), user).roleLabel).toBe('Marketing Professional');
  });

  it('uses the sign-up metadata when the profile could not be read', () => {
    expect(profileDisplay(null, user)).toEqual({
      firstName: 'Meta',
      lastName: 'Data',
      fullName: 'Meta Data',
      roleLabel: 'Marketing Professional',
    });
  });

  it('falls back to the e-mail address without any name', () => {
    expect(profileDisplay(profile({ first_name: null, last_name: '  ' }), user).fullName).toBe('ada@example.com');
  });
});
