/**
 * The catalogue queries of the schema cache, each over the exposed schemas (`$1::text[]`). They run with
 * `search_path = pg_catalog`, so `pg_get_expr` and `format_type` qualify every name outside pg_catalog.
 */

export const TABLES_SQL = `
select n.nspname as schema, c.relname as name, c.relkind in ('v', 'm', 'f') as is_view,
  coalesce((
    select json_agg(json_build_object(
      'name', a.attname,
      'type', format_type(a.atttypid, a.atttypmod),
      'default', case
        when a.attgenerated <> '' then null
        when a.attidentity <> '' then format('nextval(%L::regclass)', pg_get_serial_sequence(format('%I.%I', n.nspname, c.relname), a.attname))
        else pg_get_expr(d.adbin, d.adrelid)
      end
    ) order by a.attnum)
    from pg_attribute a
    left join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
    where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
  ), '[]') as columns,
  coalesce((
    select json_agg(a.attname order by array_position(i.indkey::int2[], a.attnum))
    from pg_index i join pg_attribute a on a.attrelid = i.indrelid and a.attnum = any(i.indkey::int2[])
    where i.indrelid = c.oid and i.indisprimary
  ), '[]') as primary_key,
  coalesce((
    select json_agg(u.columns) from (
      select array_agg(a.attname::text) as columns
      from pg_index i join pg_attribute a on a.attrelid = i.indrelid and a.attnum = any(i.indkey::int2[])
      where i.indrelid = c.oid and i.indisunique and i.indpred is null and i.indexprs is null
      group by i.indexrelid
    ) u
  ), '[]') as unique_keys
from pg_class c
join pg_namespace n on n.oid = c.relnamespace
where n.nspname = any($1::text[]) and c.relkind in ('r', 'v', 'm', 'f', 'p')
order by n.nspname, c.relname`;

/** Keys between tables of the exposed schemas and of the schemas views select from (`$2::text[]`). */
export const FOREIGN_KEYS_SQL = `
select k.conname as constraint, n1.nspname as schema, t1.relname as table,
  array(select a.attname::text from unnest(k.conkey) with ordinality u(attnum, ord)
        join pg_attribute a on a.attrelid = k.conrelid and a.attnum = u.attnum order by u.ord) as columns,
  n2.nspname as foreign_schema, t2.relname as foreign_table,
  array(select a.attname::text from unnest(k.confkey) with ordinality u(attnum, ord)
        join pg_attribute a on a.attrelid = k.confrelid and a.attnum = u.attnum order by u.ord) as foreign_columns,
  exists (
    select 1 from pg_index i
    where i.indrelid = k.conrelid and i.indisunique and i.indpred is null and i.indexprs is null
      and array(select x from unnest(i.indkey::int2[]) x order by x) = array(select x from unnest(k.conkey) x order by x)
  ) as one_to_one
from pg_constraint k
join pg_class t1 on t1.oid = k.conrelid join pg_namespace n1 on n1.oid = t1.relnamespace
join pg_class t2 on t2.oid = k.confrelid join pg_namespace n2 on n2.oid = t2.relnamespace
where k.contype = 'f' and k.conparentid = 0
  and n1.nspname = any($1::text[] || $2::text[]) and n2.nspname = any($1::text[] || $2::text[])
order by k.conname`;

/** Views of the exposed schemas with their stored query tree (`views.ts` reads where their columns come from). */
export const VIEWS_SQL = `
select c.oid::int8::float8 as oid, n.nspname as schema, c.relname as name, r.ev_action::text as definition
from pg_class c
join pg_namespace n on n.oid = c.relnamespace
join pg_rewrite r on r.ev_class = c.oid and r.rulename = '_RETURN'
where n.nspname = any($1::text[]) and c.relkind in ('v', 'm')`;

/** Names of (relation oid, column number) pairs: \`$1\`, \`$2\` as text arrays of the same length. */
export const COLUMN_NAMES_SQL = `
select a.attrelid::int8::float8 as oid, a.attnum::int as attnum, n.nspname as schema, c.relname as table, a.attname::text as column
from unnest($1::text[]::oid[], $2::text[]::int2[]) as u(rel, num)
join pg_attribute a on a.attrelid = u.rel and a.attnum = u.num
join pg_class c on c.oid = a.attrelid
join pg_namespace n on n.oid = c.relnamespace`;

export const ROUTINES_SQL = `
select n.nspname as schema, p.proname as name,
  p.provolatile::text as volatility,
  p.proretset as returns_set,
  p.prorows::float8 as rows,
  format_type(p.prorettype, null) as return_type,
  case when t.typrelid <> 0 then (
    select json_agg(a.attname order by a.attnum) from pg_attribute a
    where a.attrelid = t.typrelid and a.attnum > 0 and not a.attisdropped
  ) end as return_columns,
  case when rc.relkind in ('r', 'v', 'm', 'f', 'p') then rn.nspname end as return_table_schema,
  case when rc.relkind in ('r', 'v', 'm', 'f', 'p') then rc.relname end as return_table,
  p.proargnames as arg_names,
  p.proargmodes::text[] as arg_modes,
  array(
    select format_type(u.type_oid, null)
    from unnest(coalesce(p.proallargtypes, p.proargtypes::oid[])) with ordinality as u(type_oid, position)
    order by u.position
  ) as arg_types,
  case when p.pronargs = 1 then (
    select tn.nspname || '.' || tc.relname from pg_type at
    join pg_class tc on tc.oid = at.typrelid join pg_namespace tn on tn.oid = tc.relnamespace
    where at.oid = p.proargtypes[0] and tc.relkind in ('r', 'v', 'm', 'f', 'p')
  ) end as row_argument_of,
  p.pronargdefaults::int as defaults
from pg_proc p
join pg_namespace n on n.oid = p.pronamespace
join pg_type t on t.oid = p.prorettype
left join pg_class rc on rc.oid = t.typrelid
left join pg_namespace rn on rn.oid = rc.relnamespace
where n.nspname = any($1::text[])
  and p.prokind = 'f'
  and p.prorettype not in ('trigger'::regtype, 'event_trigger'::regtype, 'internal'::regtype)
  and not exists (select 1 from pg_depend d where d.classid = 'pg_proc'::regclass and d.objid = p.oid and d.deptype = 'e')
order by n.nspname, p.proname, p.oid`;

/** Types a cast may name: the built-in base, range and multirange types, and every type of an exposed schema. */
export const TYPES_SQL = `
select n.nspname as schema, t.typname as name, format_type(t.oid, null) as formatted
from pg_type t join pg_namespace n on n.oid = t.typnamespace
where (n.nspname = 'pg_catalog' and t.typtype in ('b', 'r', 'm') and t.typcategory <> 'A' and t.typname not like 'reg%'
       and t.typisdefined and t.typname not in ('internal', 'cstring', 'unknown'))
   or (n.nspname = any($1::text[]) and t.typtype in ('b', 'd', 'e', 'r', 'm') and t.typcategory <> 'A')`;

export const TIMEZONES_SQL = `select name from pg_timezone_names`;
