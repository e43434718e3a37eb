import { describe, expect, it } from 'vitest';
import { splitSqlStatements } from './sql-split';

describe('splitSqlStatements (the Supabase CLI split before db push)', () => {
  it.each([
    ['select 1; select 2;', ['select 1', 'select 2']],
    ['select 1', ['select 1']],
    ["select ';'; select 2", ["select ';'", 'select 2']],
    ["select 'it''s; fine'; select 2", ["select 'it''s; fine'", 'select 2']],
    ['select ";"; select 2', ['select ";"', 'select 2']],
    ['create function f() returns int as $$ select 1; $$ language sql; select 2', ['create function f() returns int as $$ select 1; $$ language sql', 'select 2']],
    ['do $body$ begin perform 1; end $body$; select 2', ['do $body$ begin perform 1; end $body$', 'select 2']],
    ['select $1; select 2', ['select $1', 'select 2']],
    ['-- a comment; still a comment\nselect 1; select 2', ['-- a comment; still a comment\nselect 1', 'select 2']],
    ['/* a; /* nested; */ still */ select 1; select 2', ['/* a; /* nested; */ still */ select 1', 'select 2']],
    ["select E'\\\\'; select 2", ["select E'\\\\'", 'select 2']],
    ['select (1; 2); select 3', ['select (1; 2)', 'select 3']],
    ['create function f() returns int begin atomic select 1; select 2; end; select 3', ['create function f() returns int begin atomic select 1; select 2; end', 'select 3']],
    ['select 1;;\n  ;\n', ['select 1']],
    ['', []],
    ['-- only a comment\n', ['-- only a comment']],
  ])('%j', (text, statements) => {
    expect(splitSqlStatements(text)).toEqual(statements);
  });
});
