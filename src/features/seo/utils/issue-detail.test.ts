import { describe, expect, it } from 'vitest';
import { checkInfo, detailLines } from '@/features/seo/utils/issue-detail';

describe('detailLines', () => {
  it.each([
    [{ status: 404 }, ['HTTP 404']],
    [{ length: 72, title: 'A long title' }, ['72 characters: “A long title”']],
    [{ bytes: 600 * 1024 }, ['600 KB']],
    [{ count: 2, images: ['a.jpg', 'b.jpg'] }, ['2 in all', 'a.jpg', 'b.jpg']],
    [{ count: 1, links: [{ href: 'https://a.example/x', status: 404 }] }, ['https://a.example/x (HTTP 404)']],
    [{ links: [{ text: 'Click here', href: '/more' }] }, ['/more (“Click here”)']],
    [{ hops: [{ status: 301, location: 'https://a.example/b' }] }, ['https://a.example/b (HTTP 301)']],
    [{ sources: ['<meta name="robots" content="noindex">'] }, ['<meta name="robots" content="noindex">']],
    [{ reason: 'points to the home page' }, ['points to the home page']],
    [{}, []],
    [null, []],
  ])('%j', (detail, lines) => expect(detailLines(detail)).toEqual(lines));
});

describe('checkInfo', () => {
  it('knows the catalogue and stays readable for an unknown check', () => {
    expect(checkInfo('title_missing').severity).toBe('error');
    expect(checkInfo('brand_new_check')).toMatchObject({ severity: 'notice', title: 'brand new check' });
  });
});
