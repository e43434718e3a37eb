-- Upsert on the site's own tables, for the rows a caller may already write.
-- PostgREST (and supabase-js `.upsert()`) writes INSERT (…, id) … ON CONFLICT (id) DO UPDATE SET id = EXCLUDED.id, …:
-- the caller needs INSERT and UPDATE on the key as well as on the other columns it sends. Row-level security is
-- unchanged: an upsert that meets another organization's row fails its UPDATE policy (42501), an upsert of a new
-- row its INSERT policy. The key itself never changes, whoever asks.

create function private.keep_id() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if new.id is distinct from old.id then
    raise exception 'The id of a row cannot change' using errcode = '42501';
  end if;
  return new;
end
$$;

revoke all on function private.keep_id() from public;

grant insert (id), update (id) on table public.content_items, public.campaigns, public.menu_items to authenticated;

create trigger content_items_keep_id before update of id on public.content_items
  for each row execute function private.keep_id();
create trigger campaigns_keep_id before update of id on public.campaigns
  for each row execute function private.keep_id();
create trigger menu_items_keep_id before update of id on public.menu_items
  for each row execute function private.keep_id();
