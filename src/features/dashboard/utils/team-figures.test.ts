import { describe, expect, it } from 'vitest';
import { teamFigures } from './team-figures';

describe('teamFigures', () => {
  it('counts members and the distinct known marketing roles', () => {
    expect(
      teamFigures([
        { marketingRole: 'marketing_director' },
        { marketingRole: 'seo_sem_specialist' },
        { marketingRole: 'seo_sem_specialist' },
        { marketingRole: null },
        { marketingRole: 'astronaut' },
      ]),
    ).toEqual({ size: 5, rolesCovered: 2, rolesTotal: 10 });
  });

  it('is all zeros for no members', () => {
    expect(teamFigures([])).toEqual({ size: 0, rolesCovered: 0, rolesTotal: 10 });
  });
});
