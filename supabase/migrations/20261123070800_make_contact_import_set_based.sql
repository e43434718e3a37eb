-- import_contacts() as one statement a batch (20261123070500 worked line by line, each line in its own
-- subtransaction: ~1 ms a line). Same arguments, answer and rules:
--
--   import_contacts(workspace_id, rows, on_duplicate, dry_run) → {"created": n, "updated": n,
--       "skipped": [{"line": n, "reason": text}], "errors": [{"line": n, "message": text}]}
--
-- 1. Shape: a line that is not a set of fields, names an unknown field or gives a field that is not text is named.
-- 2. Values: every CHECK constraint of public.contacts is evaluated on every line before anything is written
--    (private.contact_check_failures reads them from the catalogue, so the import refuses exactly what the table
--    refuses, with the same readable reasons).
-- 3. E-mail (any case): a line whose e-mail is already a contact is skipped ('skip') or merged into it ('merge': the
--    line's non-blank values replace the contact's, tags are added); lines of the batch with the same e-mail are, in
--    'skip', named as repeats of the first ("Same e-mail as line N of this file."), in 'merge', merged in file order
--    into one contact (the first counts as created if the contact is new, the others as updated).
-- 4. One insert of the new contacts (`on conflict do nothing` on the workspace's e-mail key: a contact someone else
--    added with the same e-mail meanwhile is reported, not duplicated or failed) and one update of the merged ones.
-- dry_run: everything is checked, written and counted, then rolled back.

-- The first CHECK constraint of public.contacts (by name) that each candidate row fails, for the rows failing one.
-- candidates: a JSON array of objects with the table's columns; item: the candidate's place in it, from 1.
create function private.contact_check_failures(candidates jsonb) returns table (item integer, constraint_name text)
language plpgsql stable security definer
set search_path = ''
as $$
declare
  tests text;
begin
  select string_agg(format('case when (%s) is false then %L::text end', pg_catalog.pg_get_expr(c.conbin, c.conrelid), c.conname), ', '
                    order by c.conname)
  into tests
  from pg_catalog.pg_constraint c
  where c.conrelid = 'public.contacts'::regclass and c.contype = 'c';
  return query execute format(
    'select checked.item, checked.constraint_name from (
       select r.ordinality::integer as item, (array_remove(array[%s], null))[1] as constraint_name
       from jsonb_populate_recordset(null::public.contacts, $1) with ordinality as r
     ) checked
     where checked.constraint_name is not null', tests)
  using candidates;
end
$$;

revoke all on function private.contact_check_failures(jsonb) from public, anon, authenticated;

create or replace function public.import_contacts(workspace_id uuid, rows jsonb, on_duplicate text default 'skip', dry_run boolean default false)
returns jsonb
language plpgsql volatile security definer
set search_path = ''
as $$
declare
  org uuid := import_contacts.workspace_id;
  merging boolean := import_contacts.on_duplicate = 'merge';
  outcome jsonb;
begin
  perform private.require_workspace_role(org, 'member');
  if on_duplicate is null or on_duplicate not in ('skip', 'merge') then
    raise exception 'Choose what happens to a line whose e-mail is already a contact: skip or merge.'
      using errcode = 'P0001', detail = 'invalid_duplicate_choice';
  end if;
  if rows is null or jsonb_typeof(rows) <> 'array' or jsonb_array_length(rows) > 1000 then
    raise exception 'Send the lines as a list of at most 1,000 at a time.' using errcode = 'P0001', detail = 'invalid_batch';
  end if;

  begin
    with given as (
      select e.value as fields, e.ordinality::integer as place,
        case when jsonb_typeof(e.value -> 'line') = 'number' and (e.value ->> 'line')::numeric between 0 and 2147483647
          then (e.value ->> 'line')::numeric::integer end as line
      from jsonb_array_elements(import_contacts.rows) with ordinality as e(value, ordinality)
    ), shaped as (
      select g.*,
        case
          when jsonb_typeof(g.fields) <> 'object' then 'This line is not a set of fields.'
          else (
            select case
                when f.key not in ('line', 'first_name', 'last_name', 'email', 'company', 'job_title', 'phone', 'source',
                                   'lifecycle_stage', 'tags', 'notes') then format('Unknown field "%s".', left(f.key, 50))
                else format('The field "%s" must be text.', f.key)
              end
            from jsonb_each(case when jsonb_typeof(g.fields) = 'object' then g.fields else '{}' end) with ordinality as f(key, value, n)
            where f.key not in ('line', 'first_name', 'last_name', 'email', 'company', 'job_title', 'phone', 'source',
                                'lifecycle_stage', 'tags', 'notes')
               or (f.key not in ('line', 'tags') and jsonb_typeof(f.value) not in ('string', 'null'))
            order by f.n
            limit 1)
        end as problem
      from given g
    ), lines as (
      -- The values of the well-formed lines; blank values are absent.
      select s.place, s.line,
        nullif(btrim(s.fields ->> 'first_name'), '') as first_name,
        nullif(btrim(s.fields ->> 'last_name'), '') as last_name,
        nullif(btrim(s.fields ->> 'email'), '') as email,
        nullif(btrim(s.fields ->> 'company'), '') as company,
        nullif(btrim(s.fields ->> 'job_title'), '') as job_title,
        nullif(btrim(s.fields ->> 'phone'), '') as phone,
        nullif(btrim(s.fields ->> 'source'), '') as source,
        nullif(btrim(s.fields ->> 'lifecycle_stage'), '') as lifecycle_stage,
        nullif(btrim(s.fields ->> 'notes'), '') as notes,
        case jsonb_typeof(s.fields -> 'tags')
          when 'array' then array(select btrim(t) from jsonb_array_elements_text(s.fields -> 'tags') with ordinality as a(t, n)
                                  where btrim(t) <> '' order by a.n)
          when 'string' then array(select btrim(t) from regexp_split_to_table(s.fields ->> 'tags', '[,;]') with ordinality as a(t, n)
                                   where btrim(t) <> '' order by a.n)
          else '{}'::text[]
        end as tags
      from shaped s
      where s.problem is null
    ), numbered as (
      select l.*, row_number() over (order by l.place)::integer as item from lines l
    ), refused as (
      -- Lines failing a rule of the table, checked as the contact they would create.
      select n.place, n.line, private.import_error_message(f.constraint_name, '23514') as message
      from private.contact_check_failures((
        select coalesce(jsonb_agg(to_jsonb(n) || jsonb_build_object('organization_id', org,
                 'source', coalesce(n.source, 'import'), 'lifecycle_stage', coalesce(n.lifecycle_stage, 'subscriber'))
               order by n.item), '[]')
        from numbered n)) f
      join numbered n on n.item = f.item
    ), taken as (
      -- The lines that pass, with the contact their e-mail already names and the first line of the batch naming it.
      select l.*, lower(l.email) as email_key, e.id as existing_id,
        first_value(l.place) over same_contact as first_place,
        first_value(l.line) over same_contact as first_line
      from lines l
      left join public.contacts e
        -- `email is not null` lets the planner use the partial unique index (organization_id, lower(email)).
        on e.organization_id = org and e.email is not null and lower(e.email) = lower(l.email)
      where l.place not in (select r.place from refused r)
      window same_contact as (partition by lower(l.email), case when l.email is null then l.place end order by l.place)
    ), skipped as (
      select t.place, t.line,
        case when t.existing_id is null and t.first_line is not null then format('Same e-mail as line %s of this file.', t.first_line)
             else 'A contact with this e-mail already exists.' end as reason
      from taken t
      where not merging and (t.existing_id is not null or t.place <> t.first_place)
    ), contacts_to_write as (
      -- One row per contact: in file order, each line's non-blank values replace the earlier ones, tags are added.
      select t.first_place, min(t.existing_id::text)::uuid as existing_id, count(*)::integer as line_count,
        array_agg(t.place) as places,
        (array_agg(t.first_name order by t.place desc) filter (where t.first_name is not null))[1] as first_name,
        (array_agg(t.last_name order by t.place desc) filter (where t.last_name is not null))[1] as last_name,
        (array_agg(t.email order by t.place) filter (where t.email is not null))[1] as email,
        (array_agg(t.company order by t.place desc) filter (where t.company is not null))[1] as company,
        (array_agg(t.job_title order by t.place desc) filter (where t.job_title is not null))[1] as job_title,
        (array_agg(t.phone order by t.place desc) filter (where t.phone is not null))[1] as phone,
        (array_agg(t.source order by t.place desc) filter (where t.source is not null))[1] as source,
        (array_agg(t.lifecycle_stage order by t.place desc) filter (where t.lifecycle_stage is not null))[1] as lifecycle_stage,
        (array_agg(t.notes order by t.place desc) filter (where t.notes is not null))[1] as notes,
        array(select x.tag from jsonb_array_elements(jsonb_agg(to_jsonb(t.tags) order by t.place)) with ordinality as lists(list, n),
                jsonb_array_elements_text(lists.list) with ordinality as x(tag, m)
              order by lists.n, x.m) as added_tags
      from taken t
      where merging or (t.existing_id is null and t.place = t.first_place)
      group by t.first_place
    ), stored as materialized (
      -- Each contact as it will be stored (an existing one with the lines' values merged in), to score them at once.
      select w.first_place, w.existing_id, w.email, w.places, w.line_count, merged.tags,
        private.contact_tags_valid(merged.tags) as tags_valid,
        jsonb_populate_record(null::public.contacts,
          case when c.id is null
            then jsonb_build_object('id', gen_random_uuid(), 'organization_id', org, 'email', w.email, 'source', 'import',
                                    'lifecycle_stage', 'subscriber', 'score_adjustment', 0)
            else to_jsonb(c) end
          || jsonb_strip_nulls(jsonb_build_object('first_name', w.first_name, 'last_name', w.last_name, 'company', w.company,
               'job_title', w.job_title, 'phone', w.phone, 'source', w.source, 'lifecycle_stage', w.lifecycle_stage,
               'notes', w.notes))
          || jsonb_build_object('tags', merged.tags)) as contact
      from contacts_to_write w
      left join public.contacts c on c.id = w.existing_id
      cross join lateral (select private.merge_tags(coalesce(c.tags, '{}'), w.added_tags, '{}') as tags) merged
    ), scored as (
      select s.*, score.score
      from stored s
      left join private.lead_scores(array(select v.contact from stored v where v.tags_valid)) score on score.contact_id = (s.contact).id
    ), updated as (
      update public.contacts c set
        first_name = (s.contact).first_name,
        last_name = (s.contact).last_name,
        company = (s.contact).company,
        job_title = (s.contact).job_title,
        phone = (s.contact).phone,
        source = (s.contact).source,
        lifecycle_stage = (s.contact).lifecycle_stage,
        notes = (s.contact).notes,
        tags = (s.contact).tags,
        lead_score = s.score
      from scored s
      where s.existing_id is not null and s.tags_valid and c.id = s.existing_id and c.organization_id = org
      returning c.id
    ), inserted as (
      insert into public.contacts (id, organization_id, first_name, last_name, email, company, job_title, phone, source,
        lifecycle_stage, tags, notes, lead_score)
      select (s.contact).id, org, (s.contact).first_name, (s.contact).last_name, (s.contact).email, (s.contact).company,
        (s.contact).job_title, (s.contact).phone, (s.contact).source, (s.contact).lifecycle_stage, (s.contact).tags,
        (s.contact).notes, s.score
      from scored s
      where s.existing_id is null and s.tags_valid
      order by s.first_place
      on conflict (organization_id, lower(email)) where email is not null do nothing
      returning lower(email) as email_key
    ), written as (
      -- Each contact written with its lines; a contact neither updated nor inserted was added or removed by someone
      -- else during this import.
      select w.*,
        case
          when not w.tags_valid then 'refused'
          when w.existing_id is not null and w.existing_id in (select u.id from updated u) then 'updated'
          when w.existing_id is null and (w.email is null or lower(w.email) in (select i.email_key from inserted i)) then 'created'
          else 'raced'
        end as outcome
      from stored w
    ), line_errors as (
      select s.place, s.line, s.problem as message from shaped s where s.problem is not null
      union all
      select r.place, r.line, r.message from refused r
      union all
      select t.place, t.line, private.import_error_message('contacts_tags_check', '23514')
      from written w join taken t on t.place = any(w.places) where w.outcome = 'refused'
    ), line_skips as (
      select s.place, s.line, s.reason from skipped s
      union all
      select t.place, t.line, 'A contact with this e-mail was added or removed by someone else during this import: import this line again.'
      from written w join taken t on t.place = any(w.places) where w.outcome = 'raced'
    )
    select jsonb_build_object(
      'created', (select count(*) from written w where w.outcome = 'created'),
      'updated', (select coalesce(sum(case w.outcome when 'updated' then w.line_count else w.line_count - 1 end), 0)
                  from written w where w.outcome in ('created', 'updated')),
      'skipped', (select coalesce(jsonb_agg(jsonb_build_object('line', k.line, 'reason', k.reason) order by k.place), '[]') from line_skips k),
      'errors', (select coalesce(jsonb_agg(jsonb_build_object('line', e.line, 'message', e.message) order by e.place), '[]') from line_errors e))
    into outcome;

    if dry_run then
      raise exception 'dry run' using errcode = 'BB001';
    end if;
  exception
    when sqlstate 'BB001' then
      null;
  end;
  return outcome;
end
$$;
