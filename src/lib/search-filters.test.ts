import { describe, expect, it } from 'vitest';
import { containsAnyOf, prefixTsQuery } from './search-filters';

describe('containsAnyOf', () => {
  it.each([
    ['dana', 'name.ilike."*dana*",email.ilike."*dana*"'],
    ['  Dana Reyes ', 'name.ilike."*Dana Reyes*",email.ilike."*Dana Reyes*"'],
    ['a,b)c', 'name.ilike."*a,b)c*",email.ilike."*a,b)c*"'],
    ['say "hi"', 'name.ilike."*say \\"hi\\"*",email.ilike."*say \\"hi\\"*"'],
    ['100%_\\', 'name.ilike."*100\\\\%\\\\_\\\\\\\\*",email.ilike."*100\\\\%\\\\_\\\\\\\\*"'],
    ['st*ar', 'name.ilike."*star*",email.ilike."*star*"'],
  ])('%j → %s', (text, expected) => {
    expect(containsAnyOf(['name', 'email'], text)).toBe(expected);
  });

  it.each(['', '   ', '**'])('%j → no filter', (text) => {
    expect(containsAnyOf(['name'], text)).toBeNull();
  });
});

describe('prefixTsQuery', () => {
  it.each([
    ['dana', 'dana:*'],
    ['Dana  North', 'dana:* & north:*'],
    ['li.wei@contoso.example', 'li.wei@contoso.example:*'],
    ["o'brien & | ! (x)", 'obrien:* & x:*'],
    ['Müller', 'müller:*'],
    ['-dash- .dot.', 'dash:* & dot:*'],
    ['a b c d e f g h i j', 'a:* & b:* & c:* & d:* & e:* & f:* & g:* & h:*'],
  ])('%j → %s', (text, expected) => {
    expect(prefixTsQuery(text)).toBe(expected);
  });

  it.each(['', '  ', '& | !', ':*'])('%j → no query', (text) => {
    expect(prefixTsQuery(text)).toBeNull();
  });
});
