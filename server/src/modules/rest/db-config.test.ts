import { describe, expect, it } from 'vitest';
import { functionCallName } from './db-config';

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
