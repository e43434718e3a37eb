-- The contacts list filters by tag in any case, as tags compare everywhere else (scoring rules, bulk tag/untag,
-- merging on import): `tag_keys` holds the contact's tags in lower case, GIN-indexed, and the app filters with
-- `tag_keys cs {tag in lower case}`. It replaces the index on `tags`, which only that filter used.

create function private.lower_tags(tags text[]) returns text[]
language sql immutable parallel safe
set search_path = ''
as $$
  select coalesce(array_agg(lower(t) order by n), '{}') from unnest(tags) with ordinality as u(t, n)
$$;

revoke all on function private.lower_tags(text[]) from public;
grant execute on function private.lower_tags(text[]) to anon, authenticated, service_role;

alter table public.contacts add column tag_keys text[] generated always as (private.lower_tags(tags)) stored;

drop index public.contacts_tags_idx;
create index contacts_tag_keys_idx on public.contacts using gin (tag_keys);
