-- A stable URL slug per content item, for its page on the workspace's public blog (`/blog/<blog>/<slug>`).
-- Made from the title by the database (clients have no grant on the column): it follows the title until the item is
-- first published (published_at set), then never changes, so a published address keeps working whatever the title
-- becomes. Unique within the workspace: a second "Launch notes" becomes `launch-notes-2`.

alter table public.content_items
  add column slug text constraint content_items_slug_format check (
    char_length(slug) between 1 and 80 and slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$'
  );

-- "Café & Crème: 10 ideas!" → "cafe-creme-10-ideas"; a title without a letter or digit → "post".
create function private.slug_of_title(title text) returns text
language sql immutable parallel safe
set search_path = ''
as $$
  select coalesce(nullif(
    left(btrim(regexp_replace(
      replace(replace(replace(replace(translate(lower(title),
        'àáâãäåāăąçćčďèéêëēėęěìíîïīįłñńňòóôõöøōőùúûüūůűųýÿžźżśšşţťŕř',
        'aaaaaaaaacccdeeeeeeeeiiiiiilnnnoooooooouuuuuuuuyyzzzsssttrr'),
        'ß', 'ss'), 'æ', 'ae'), 'œ', 'oe'), 'þ', 'th'),
      '[^a-z0-9]+', '-', 'g'), '-'), 70),
    ''), 'post')
$$;

-- The title's slug, or with -2, -3, … when another item of the workspace has it. Serialised per workspace (a
-- transaction-level advisory lock), so two items saved at once do not take the same one.
create function private.unique_content_slug(org uuid, item_id uuid, title text) returns text
language plpgsql volatile security definer
set search_path = ''
as $$
declare
  base text := btrim(left(private.slug_of_title(title), 70), '-');
  candidate text := base;
  n integer := 1;
begin
  perform pg_advisory_xact_lock(hashtextextended('content_items.slug:' || org::text, 0));
  while exists (
    select 1 from public.content_items c where c.organization_id = org and c.slug = candidate and c.id <> item_id
  ) loop
    n := n + 1;
    candidate := base || '-' || n;
  end loop;
  return candidate;
end
$$;

-- Security definer: it calls unique_content_slug, which no API role may call directly.
create function private.set_content_item_slug() returns trigger
language plpgsql security definer
set search_path = ''
as $$
begin
  if tg_op = 'UPDATE' and (old.published_at is not null or new.organization_id <> old.organization_id) then
    new.slug := old.slug; -- published once: the address stays
  elsif tg_op = 'INSERT' or new.title is distinct from old.title or old.slug is null then
    new.slug := private.unique_content_slug(new.organization_id, new.id, new.title);
  else
    new.slug := old.slug;
  end if;
  return new;
end
$$;

revoke all on function private.slug_of_title(text), private.unique_content_slug(uuid, uuid, text),
  private.set_content_item_slug() from public, anon, authenticated;
grant execute on function private.slug_of_title(text) to service_role;

-- Existing items, oldest first (the older item keeps the plain slug), without touching updated_at.
alter table public.content_items disable trigger content_items_set_updated_at;
do $$
declare
  item record;
begin
  for item in select id, organization_id, title from public.content_items order by created_at, id loop
    update public.content_items set slug = private.unique_content_slug(item.organization_id, item.id, item.title)
    where id = item.id;
  end loop;
end
$$;
alter table public.content_items enable trigger content_items_set_updated_at;

-- The default only makes the column optional in an insert: the trigger always replaces it (and the check would
-- refuse an empty slug).
alter table public.content_items alter column slug set default '', alter column slug set not null;
create unique index content_items_organization_id_slug_key on public.content_items (organization_id, slug);

-- Runs before content_items_stamp_published_at (triggers fire in name order), so `old.published_at` still says
-- whether the item had been published before this change.
create trigger content_items_set_slug
  before insert or update on public.content_items
  for each row execute function private.set_content_item_slug();
