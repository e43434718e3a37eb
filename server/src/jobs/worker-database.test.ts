import { describe, expect, it } from 'vitest';
import { maskedUrl, transactionPoolerProblem } from './worker-database';

describe('transactionPoolerProblem', () => {
  it.each([
    ['postgres://postgres.abc:pw@aws-0-eu-central-1.pooler.supabase.com:6543/postgres', true],
    ['postgres://u:pw@localhost:5432/app?pgbouncer=true', true],
    ['postgres://postgres.abc:pw@aws-0-eu-central-1.pooler.supabase.com:5432/postgres', false],
    ['postgresql://postgres:pw@db.abc.supabase.co:5432/postgres', false],
    ['postgres://u:pw@localhost/app', false],
    ['not a url', false],
  ])('%s → refused: %s', (url, refused) => {
    expect(transactionPoolerProblem(url) !== null).toBe(refused);
  });

  it('says what to use instead', () => {
    expect(transactionPoolerProblem('postgres://u:p@h:6543/db')).toMatch(/direct connection .* or the session pooler \(port 5432\)/);
  });
});

describe('maskedUrl', () => {
  it('hides the password only', () => {
    expect(maskedUrl('postgres://postgres:s3cret@db.example:5432/app')).toBe('postgres://postgres:***@db.example:5432/app');
    expect(maskedUrl('postgres://db.example/app')).toBe('postgres://db.example/app');
  });
});
