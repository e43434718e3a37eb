import { describe, expect, it } from 'vitest';
import { readView, withView } from '@/features/seo/utils/seo-view';

describe('seo view in the address', () => {
  it('reads the view with defaults and ignores nonsense', () => {
    expect(readView(new URLSearchParams('site=s1&tab=keywords&page=12'))).toEqual({ site: 's1', audit: null, tab: 'keywords', issue: null, page: 12 });
    expect(readView(new URLSearchParams('tab=evil&page=-3'))).toMatchObject({ tab: 'issues', page: null });
    expect(readView(new URLSearchParams('page=1e99'))).toMatchObject({ page: null });
  });
  it('changes some keys and keeps the others', () => {
    expect(withView(new URLSearchParams('site=s1&issue=title_missing'), { issue: null, page: 4 }).toString()).toBe('site=s1&page=4');
  });
});
