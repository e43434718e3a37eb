import { describe, expect, it } from 'vitest';
import { NoRowChangedError } from './data-layer';
import { adminFailureDescription } from './failure-description';

describe('adminFailureDescription', () => {
  it.each([
    ['RLS refused the write (42501)', { code: '42501', message: 'new row violates row-level security policy for table "menu_items"' }, 'This account may no longer edit the site. Log in again as the admin.'],
    ['an expired or ended session (PGRST301)', { code: 'PGRST301', message: 'JWT expired' }, 'This account may no longer edit the site. Log in again as the admin.'],
    ['a rename that RLS filtered down to no row', new NoRowChangedError('menu item'), 'This account may no longer edit the site. Log in again as the admin.'],
    ['a check constraint (23514)', { code: '23514', message: 'new row for relation "menu_items" violates check constraint' }, 'The server refused a value: check what you typed and try again.'],
    ['a link or page number that exists already (23505)', { code: '23505', message: 'duplicate key value violates unique constraint "menu_items_href_key"' }, 'It exists already, perhaps added from another tab at the same moment. The list now shows what is stored.'],
    ['a not-null column (23502)', { code: '23502', message: 'null value in column "name"' }, 'The server refused a value: check what you typed and try again.'],
    ['a bad value (22P02)', { code: '22P02', message: 'invalid input syntax for type integer' }, 'The server refused a value: check what you typed and try again.'],
    ['the browser could not reach the server', { code: '', message: 'TypeError: Failed to fetch' }, 'The server could not be reached. Check your connection and try again.'],
    ['Node could not reach the server', new TypeError('fetch failed'), 'The server could not be reached. Check your connection and try again.'],
    ['a server error', { code: '57014', message: 'canceling statement due to statement timeout' }, 'Please try again.'],
    ['something that is not an error object', 'boom', 'Please try again.'],
    ['nothing at all', undefined, 'Please try again.'],
  ])('%s', (_case, error, description) => {
    expect(adminFailureDescription(error)).toBe(description);
  });

  it('never shows the server text', () => {
    expect(adminFailureDescription({ code: '42501', message: 'permission denied for table menu_items' })).not.toContain('permission');
  });
});
