import { describe, expect, it } from 'vitest';
import { moduleCards, ownModule } from './module-grid';

describe('moduleCards', () => {
  it('lists the ten modules in the order of the roles table', () => {
    expect(moduleCards(null).map((card) => card.role.moduleTitle)).toEqual([
      'Executive Overview',
      'Content Hub',
      'Ad Console',
      'Email Platform',
      'Social Hub',
      'SEO Toolkit',
      'Retention Center',
      'Analytics Console',
      'Automation Platform',
      'Creative Studio',
    ]);
  });

  it('links every card to its route under /marketing/', () => {
    expect(moduleCards(null).map((card) => card.href)).toEqual([
      '/marketing/director',
      '/marketing/content',
      '/marketing/advertising',
      '/marketing/email',
      '/marketing/social',
      '/marketing/seo',
      '/marketing/retention',
      '/marketing/analytics',
      '/marketing/automation',
      '/marketing/creative',
    ]);
  });

  it('highlights only the own module, labelled Your Dashboard; the others say View Module', () => {
    const cards = moduleCards('seo_sem_specialist');
    expect(cards.filter((card) => card.isOwn).map((card) => card.role.moduleTitle)).toEqual(['SEO Toolkit']);
    expect(cards.find((card) => card.isOwn)?.actionLabel).toBe('Your Dashboard');
    expect(cards.filter((card) => !card.isOwn).every((card) => card.actionLabel === 'View Module')).toBe(true);
  });

  it.each([
    ['marketing_director', 'Executive Overview'],
    ['content_marketing_manager', 'Content Hub'],
    ['creative_director', 'Creative Studio'],
  ])('highlights the module of %s', (role, title) => {
    expect(moduleCards(role).find((card) => card.isOwn)?.role.moduleTitle).toBe(title);
  });

  it.each([null, undefined, '', 'astronaut'])('highlights nothing for the role %j', (role) => {
    const cards = moduleCards(role);
    expect(cards).toHaveLength(10);
    expect(cards.some((card) => card.isOwn)).toBe(false);
    expect(cards.every((card) => card.actionLabel === 'View Module')).toBe(true);
  });
});

describe('ownModule', () => {
  it('points a Content Marketing Manager to Content Hub', () => {
    expect(ownModule('content_marketing_manager')).toEqual({ title: 'Content Hub', href: '/marketing/content' });
  });

  it('has no target without a known role', () => {
    expect(ownModule(null)).toBeUndefined();
    expect(ownModule('astronaut')).toBeUndefined();
  });
});
