import { describe, expect, it } from 'vitest';
import { teamFigures } from './team-figures';

describe('teamFigures', () => {
  const now = new Date('2026-06-10T12:00:00Z');
  it('counts members, those active in the last 7 days and the distinct known marketing roles', () => {
    expect(
      teamFigures(
        [
          { lastActive: '2026-06-10T08:00:00Z', marketingRole: 'marketing_director' },
          { lastActive: '2026-06-01T08:00:00Z', marketingRole: 'seo_sem_specialist' },
          { lastActive: null, marketingRole: 'seo_sem_specialist' },
          { lastActive: '2026-06-09T08:00:00Z', marketingRole: null },
          { lastActive: null, marketingRole: 'astronaut' },
        ],
        now,
      ),
    ).toEqual({ size: 5, activeThisWeek: 2, rolesCovered: 2, rolesTotal: 10 });
  });

  it('is all zeros for no members', () => {
    expect(teamFigures([], now)).toEqual({ size: 0, activeThisWeek: 0, rolesCovered: 0, rolesTotal: 10 });
  });
});
