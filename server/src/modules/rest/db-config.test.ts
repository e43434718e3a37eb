import { describe, expect, it } from 'vitest';
import { dbConfigOf, functionCallName, PGRST_SETTINGS, searchPathOf, settingBoolean, SUPABASE_DEFAULTS, transactionEndOf } from './db-config';

describe('functionCallName (PostgREST toQi)', () => {
  it.each([
    ['private.require_active_session', '"private"."require_active_session"'],
    ['check_request', '"check_request"'],
    ['  public.check  ', '"public"."check"'],
    ['a.b.c', '"a"."b.c"'],
    ['weird"name', '"weird""name"'],
    ['x"); drop table t; --', '"x""); drop table t; --"'],
  ])('%j → %s', (setting, sql) => {
    expect(functionCallName(setting)).toBe(sql);
  });

  it('is undefined for an empty setting', () => {
    expect(functionCallName('')).toBeUndefined();
    expect(functionCallName('   ')).toBeUndefined();
  });
});

describe('the role’s pgrst.* settings over the server’s own (PostgREST db-config)', () => {
  const defaults = { ...SUPABASE_DEFAULTS, aggregatesEnabled: true };
  const config = (settings: Record<string, string>) => dbConfigOf(new Map(Object.entries(settings)), defaults);

  it('nothing set: the server’s configuration (the environment over Supabase’s defaults)', () => {
    expect(config({})).toEqual({
      preRequest: undefined,
      aggregatesEnabled: true,
      maxRows: 1000,
      txEnd: { rollback: false, allowOverride: true },
      extraSearchPath: ['public', 'extensions'],
    });
  });

  it('each setting PostgREST reads and this server applies', () => {
    expect(
      config({
        'pgrst.db_pre_request': 'private.check',
        'pgrst.db_aggregates_enabled': 'false',
        'pgrst.db_max_rows': '50',
        'pgrst.db_tx_end': 'rollback-allow-override',
        'pgrst.db_extra_search_path': 'public, extensions,  gis',
      }),
    ).toEqual({
      preRequest: '"private"."check"',
      aggregatesEnabled: false,
      maxRows: 50,
      txEnd: { rollback: true, allowOverride: true },
      extraSearchPath: ['public', 'extensions', 'gis'],
    });
  });

  it('a value PostgREST would refuse leaves the default', () => {
    expect(config({ 'pgrst.db_aggregates_enabled': 'maybe', 'pgrst.db_max_rows': 'lots', 'pgrst.db_tx_end': 'sometimes' })).toMatchObject({
      aggregatesEnabled: true,
      maxRows: 1000,
      txEnd: { rollback: false, allowOverride: true },
    });
  });

  it.each([
    ['true', true],
    ['TRUE', true],
    ["'true'", true],
    ['"False"', false],
    ['1', true],
    ['0', false],
    ['on', undefined],
    ['', undefined],
  ])('PostgREST’s booleans: %j → %j', (text, value) => {
    expect(settingBoolean(text)).toBe(value);
  });

  it('db-tx-end: Prefer: tx= counts (and is said applied) only where an override is allowed', () => {
    expect(transactionEndOf({ rollback: false, allowOverride: true }, 'rollback')).toEqual({ rollback: true, applied: true });
    expect(transactionEndOf({ rollback: false, allowOverride: false }, 'rollback')).toEqual({ rollback: false, applied: false });
    expect(transactionEndOf({ rollback: true, allowOverride: false }, undefined)).toEqual({ rollback: true, applied: false });
    expect(transactionEndOf({ rollback: true, allowOverride: true }, 'commit')).toEqual({ rollback: false, applied: true });
  });

  it('search_path: the request’s schema first, then the extra ones, each once', () => {
    expect(searchPathOf('public', ['public', 'extensions'])).toBe('public, extensions');
    expect(searchPathOf('Api', ['public', 'extensions'])).toBe('"Api", public, extensions');
    expect(searchPathOf('api', [])).toBe('api');
  });

  it('reads every setting PostgREST reads from the role', () => {
    expect(PGRST_SETTINGS).toHaveLength(25);
    expect(PGRST_SETTINGS).toContain('pgrst.db_aggregates_enabled');
  });
});
