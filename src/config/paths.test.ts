import { describe, expect, it } from 'vitest';
import { isAdminAreaPath, isAppRoute, paths } from './paths';
import { marketingRoles, modulePath, roleLabel } from './roles';

describe('isAppRoute', () => {
  it('accepts every route of the spec', () => {
    const all = [
      paths.home, paths.portfolio, paths.about, paths.roi, paths.auth, paths.signUp, paths.contact, paths.terms, paths.privacy, paths.dashboard, paths.team, paths.teamWebhooks,
      paths.invite('q3Vx_9-aZ0kLmNoPqRsTuVwXyZ0123456789abcdEFG'), paths.approve('q3Vx_9-aZ0kLmNoPqRsTuVwXyZ0123456789abcdEFG'), paths.accountSecurity,
      ...Object.values(paths.marketing), paths.adminLogin, paths.admin, paths.administrator, paths.adminAnalytics, paths.adminSeo, paths.adminPage(1), paths.adminPage(20),
    ];
    for (const route of all) expect(isAppRoute(route), route).toBe(true);
  });

  it.each(['/nope', '/team/webhook', '/team/webhooks/x', '/admin/page-', '/admin/page-0', '/admin/page-01', '/ADMIN', '/Terms', '/marketing', '/dashboard/x', '/auth/v2', '/invite', '/invite/', '/invite/a%2Fb', '/approve', '/approve/', '/approve/a.b', '/invite/a.b', '/team/x', '/account', '/account/security/x'])('refuses %s', (route) => {
    expect(isAppRoute(route)).toBe(false);
  });
});

describe('isAdminAreaPath', () => {
  it.each(['/admin/foo', '/admin/page-0', '/admin/page-01', '/admin/foo/'])('%s is one level under /admin', (route) => {
    expect(isAdminAreaPath(route)).toBe(true);
  });

  it.each(['/admin', '/ADMIN/foo', '/admin/foo/bar', '/administrator', '/nope'])('%s is not', (route) => {
    expect(isAdminAreaPath(route)).toBe(false);
  });
});

describe('marketing roles', () => {
  it('pairs the ten roles with the ten modules in order', () => {
    expect(marketingRoles.map(modulePath)).toEqual(Object.values(paths.marketing));
  });

  it('labels a missing or unknown role as Marketing Professional', () => {
    expect(roleLabel(null)).toBe('Marketing Professional');
    expect(roleLabel('astronaut')).toBe('Marketing Professional');
    expect(roleLabel('seo_sem_specialist')).toBe('SEO/SEM Specialist');
  });
});
