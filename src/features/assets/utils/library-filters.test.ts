import { describe, expect, it } from 'vitest';
import { filtersFromParams, hasFilters, listArguments, pageCount, paramsWith } from './library-filters';

const params = (text: string) => new URLSearchParams(text);
const COLLECTION = '0a6f9a9e-3c52-4e55-9a6e-0c2f8c1d5b7e';

describe('filtersFromParams', () => {
  it('reads the defaults from an empty address', () => {
    expect(filtersFromParams(params(''))).toEqual({ search: '', kind: null, status: null, tag: null, collectionId: null, sort: 'newest', view: 'grid', page: 1 });
  });

  it('reads every filter', () => {
    expect(filtersFromParams(params(`q=logo&type=image&status=approved&tag=Brand&collection=${COLLECTION}&sort=name&view=list&page=3`))).toEqual({
      search: 'logo', kind: 'image', status: 'approved', tag: 'Brand', collectionId: COLLECTION, sort: 'name', view: 'list', page: 3,
    });
  });

  it.each([
    ['type=executable', { kind: null }],
    ['status=published', { status: null }],
    ['collection=../x', { collectionId: null }],
    ['sort=random', { sort: 'newest' }],
    ['page=-2', { page: 1 }],
    ['page=2.5', { page: 1 }],
    ['view=table', { view: 'grid' }],
    [`q=${'x'.repeat(300)}`, { search: 'x'.repeat(200) }],
  ])('ignores what it does not know: %s', (text, expected) => {
    expect(filtersFromParams(params(text))).toMatchObject(expected);
  });
});

describe('paramsWith', () => {
  it('leaves defaults out and keeps the open asset', () => {
    expect(paramsWith(params('asset=a1&page=3'), { kind: 'video' }).toString()).toBe('asset=a1&type=video');
    expect(paramsWith(params('type=video'), { kind: null, sort: 'newest' }).toString()).toBe('');
  });

  it('goes back to page 1 on a new filter, but not when paging or switching the view', () => {
    expect(paramsWith(params('page=4'), { search: 'logo' }).get('page')).toBeNull();
    expect(paramsWith(params('page=4'), { page: 5 }).get('page')).toBe('5');
    expect(Object.fromEntries(paramsWith(params('page=4'), { view: 'list' }))).toEqual({ view: 'list', page: '4' });
  });
});

describe('list arguments and pages', () => {
  it('sends only what is set', () => {
    expect(listArguments('w1', filtersFromParams(params('q=%20logo%20&tag=Brand&page=2')))).toEqual({
      workspace_id: 'w1', search: 'logo', kinds: undefined, statuses: undefined, tag: 'Brand', collection_id: undefined, sort_by: 'newest', page_size: 24, page_number: 2,
    });
    expect(hasFilters(filtersFromParams(params('sort=name&view=list')))).toBe(false);
    expect(hasFilters(filtersFromParams(params('tag=x')))).toBe(true);
  });

  it.each([[0, 1], [24, 1], [25, 2], [100, 5]])('%d assets → %d pages', (total, pages) => expect(pageCount(total)).toBe(pages));
});
