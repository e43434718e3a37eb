import { describe, expect, it } from 'vitest';
import { deriveRelationships, type ForeignKeyRow } from './relationships';
import type { Table } from './types';
import { parseNodeTree, resolveViewColumns, viewColumnOrigins, viewForeignKeys, type ViewRow } from './views';

/**
 * Query trees as PostgreSQL 15 stores them in pg_rewrite.ev_action (shortened to the fields read, escapes kept):
 * `create view v1 as select id, "we ird" as "x (y)", 1 as one from t1` (t1 is oid 16384), and
 * `create view v2 as with c as (select * from v1) select id as vid, one from c order by id desc limit 3`.
 */
const entry = (name: string, table: number, column: number, junk = false) =>
  `{TARGETENTRY :expr {VAR :varno 3 :varattno 1 :vartype 23 :location 25} :resno 1 :resname ${name} :ressortgroupref 0 ` +
  `:resorigtbl ${table} :resorigcol ${column} :resjunk ${junk}}`;
const V1 =
  '({QUERY :commandType 1 :utilityStmt <> :cteList <> :rtable ({RANGETBLENTRY :alias <> :eref {ALIAS :aliasname t1 :colnames ("id" "we\\ ird")} ' +
  ':relid 16384 :selectedCols (b 8 9)}) :jointree {FROMEXPR :fromlist ({RANGETBLREF :rtindex 3}) :quals <>} ' +
  `:targetList (${entry('id', 16384, 1)} ${entry('x\\ \\(y\\)', 16384, 2)} ` +
  '{TARGETENTRY :expr {CONST :consttype 23 :constlen 4 :constbyval true :constisnull false :location 50 :constvalue 4 [ 1 0 0 0 0 0 0 0 ]} ' +
  ':resno 3 :resname one :ressortgroupref 0 :resorigtbl 0 :resorigcol 0 :resjunk false}) :override 0 :stmt_len 66})';
const V2 =
  '({QUERY :commandType 1 :cteList ({COMMONTABLEEXPR :ctename c :ctequery {QUERY :commandType 1 ' +
  `:targetList (${entry('id', 16391, 1)} ${entry('one', 16391, 3)})}}) ` +
  `:targetList (${entry('vid', 16391, 1)} ${entry('one', 16391, 3)} ${entry('sort', 16384, 1, true)}) :sortClause <>})`;

describe('the query tree of a view (pg_node_tree text)', () => {
  it('reads nodes, lists, fields and escaped tokens; <> is null', () => {
    const tree = parseNodeTree('({QUERY :a <> :b (1 2) :c x\\ \\(y\\) :d {ALIAS :aliasname old}})') as unknown as [{ name: string; fields: Map<string, unknown[]> }];
    const query = tree[0];
    expect([query.name, query.fields.get('a'), query.fields.get('b'), query.fields.get('c')]).toEqual(['QUERY', [null], [['1', '2']], ['x (y)']]);
  });

  it('the top-level target list’s columns with their table and column; expressions and junk entries left out', () => {
    expect(viewColumnOrigins(V1)).toEqual([
      { column: 'id', table: 16384, attnum: 1 },
      { column: 'x (y)', table: 16384, attnum: 2 },
    ]);
    expect(viewColumnOrigins(V2)).toEqual([
      { column: 'vid', table: 16391, attnum: 1 },
      { column: 'one', table: 16391, attnum: 3 },
    ]);
  });

  it('a view over a view is followed to the table; a column that is an expression there has no origin', () => {
    const views: ViewRow[] = [
      { oid: 16391, schema: 'public', name: 'v1', origins: viewColumnOrigins(V1) },
      { oid: 16395, schema: 'public', name: 'v2', origins: viewColumnOrigins(V2) },
    ];
    const names = [
      { oid: 16384, attnum: 1, schema: 'private', table: 't1', column: 'id' },
      { oid: 16384, attnum: 2, schema: 'private', table: 't1', column: 'we ird' },
      { oid: 16391, attnum: 1, schema: 'public', table: 'v1', column: 'id' },
      { oid: 16391, attnum: 3, schema: 'public', table: 'v1', column: 'one' },
    ];
    const resolved = resolveViewColumns(views, names);
    expect(Object.fromEntries(resolved.get('public.v2')!)).toEqual({ vid: { schema: 'private', table: 't1', column: 'id' } });
    expect([...resolved.get('public.v1')!.keys()]).toEqual(['id', 'x (y)']);
  });
});

describe('relationships through views (PostgREST addViewM2OAndO2ORels)', () => {
  const table = (schema: string, name: string, isView = false): [string, Table] => [`${schema}.${name}`, { schema, name, columns: new Map(), primaryKey: [], isView }];
  const tables = new Map([table('public', 'users'), table('public', 'messages'), table('public', 'recent_messages', true), table('public', 'user_names', true)]);
  const keys: ForeignKeyRow[] = [
    { constraint: 'messages_username_fkey', schema: 'public', table: 'messages', columns: ['username'], foreign_schema: 'public', foreign_table: 'users', foreign_columns: ['username'], one_to_one: false },
  ];
  const views = new Map([
    ['public.recent_messages', new Map([['author', { schema: 'public', table: 'messages', column: 'username' }]])],
    ['public.user_names', new Map([['name', { schema: 'public', table: 'users', column: 'username' }]])],
  ]);

  it('a view selecting a key’s columns carries it, from and to the view, and between two views', () => {
    expect(viewForeignKeys(keys, views).map((fk) => `${fk.table}(${fk.columns}) → ${fk.foreign_table}(${fk.foreign_columns})`)).toEqual([
      'messages(username) → user_names(name)',
      'recent_messages(author) → users(username)',
      'recent_messages(author) → user_names(name)',
    ]);
  });

  it('both directions, as for tables; a view is not matched by the key’s name', () => {
    const relationships = deriveRelationships(keys, tables, new Map(), [], views);
    const of = (name: string) => relationships.get(`public.${name}`)!.map((rel) => `${rel.foreignTable} ${rel.cardinality} ${rel.columns.flat().join(',')}`);
    expect(of('recent_messages')).toEqual(['users many-to-one author,username', 'user_names many-to-one author,name']);
    expect(of('users')).toEqual(['messages one-to-many username,username', 'recent_messages one-to-many username,author']);
    expect(relationships.get('public.recent_messages')![0]!.foreignIsView).toBe(false);
    expect(relationships.get('public.messages')!.find((rel) => rel.foreignTable === 'user_names')!.foreignIsView).toBe(true);
  });

  it('keys of tables outside the exposed schemas count only through views', () => {
    const hidden: ForeignKeyRow[] = [{ ...keys[0]!, schema: 'private', foreign_schema: 'private' }];
    const privateViews = new Map([['public.recent_messages', new Map([['author', { schema: 'private', table: 'messages', column: 'username' }]])]]);
    const relationships = deriveRelationships(hidden, tables, new Map(), [], privateViews);
    expect([...relationships.keys()]).toEqual([]);
    const both = new Map([...privateViews, ['public.user_names', new Map([['name', { schema: 'private', table: 'users', column: 'username' }]])]]);
    expect(deriveRelationships(hidden, tables, new Map(), [], both).get('public.recent_messages')!.map((rel) => rel.foreignTable)).toEqual(['user_names']);
  });
});
