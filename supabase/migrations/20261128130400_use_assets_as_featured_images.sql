-- Assets in use (decision 0021): a content item may take an approved image of its own workspace's library as its
-- featured image, and an asset in use cannot be deleted without saying where.
--
-- The content item keeps the reference (featured_asset_id, same workspace by its foreign key) and, in
-- featured_image_url, the public address of that image: the asset's WebP 1280 variant copied by the
-- publish_asset_image job into the public `asset-public` bucket at the same path
-- (`<workspace>/<asset>/<version>/variants/w1280.webp`). The public blog shows it on both backends without a token
-- and without an expiry; the private original stays private. The address is built by the client from its Supabase
-- URL (the database does not know it) and checked here against the asset's current version.

alter table public.content_items add column featured_asset_id uuid;
alter table public.content_items add constraint content_items_featured_asset_fkey
  foreign key (featured_asset_id, organization_id) references public.assets (id, organization_id);
create index content_items_featured_asset_id_idx on public.content_items (featured_asset_id) where featured_asset_id is not null;

grant insert (featured_asset_id), update (featured_asset_id) on table public.content_items to authenticated;

-- The public address's path of a version's featured image, after the Storage URL.
create function private.asset_public_image_path(object_path text) returns text
language sql immutable parallel safe
set search_path = ''
as $$
  select '/storage/v1/object/public/asset-public/' || private.asset_variant_path(object_path, 'w1280')
$$;

create function private.check_featured_asset() returns trigger
language plpgsql security definer
set search_path = ''
as $$
declare
  asset_status text;
  ver public.asset_versions;
  expected text;
begin
  if new.featured_asset_id is null then
    return new;
  end if;
  if tg_op = 'UPDATE' and new.featured_asset_id is not distinct from old.featured_asset_id
    and new.featured_image_url is not distinct from old.featured_image_url then
    return new;
  end if;
  select a.status into asset_status from public.assets a
  where a.id = new.featured_asset_id and a.organization_id = new.organization_id;
  select v.* into ver from public.assets a join public.asset_versions v on v.id = a.current_version_id
  where a.id = new.featured_asset_id and a.organization_id = new.organization_id;
  if ver.id is null then
    raise exception 'That asset is not in this workspace''s library.' using errcode = 'P0001', detail = 'featured_asset_not_found';
  end if;
  if asset_status <> 'approved' then
    raise exception 'Only an approved asset can be a featured image.' using errcode = 'P0001', detail = 'featured_asset_not_approved';
  end if;
  if ver.variants_state <> 'ready' then
    raise exception 'This asset has no web-sized image (yet): choose an image whose preview is ready.'
      using errcode = 'P0001', detail = 'featured_asset_not_ready';
  end if;
  expected := private.asset_public_image_path(ver.object_path);
  if new.featured_image_url is null or right(new.featured_image_url, char_length(expected)) <> expected then
    raise exception 'The featured image''s address is not the one of the asset''s current version: choose the asset again.'
      using errcode = 'P0001', detail = 'featured_asset_url_mismatch';
  end if;
  perform private.enqueue_job('publish_asset_image', jsonb_build_object('workspace_id', new.organization_id, 'version_id', ver.id),
    null, 'asset-public:' || ver.id, 10);
  return new;
end
$$;

create trigger content_items_check_featured_asset
  before insert or update of featured_asset_id, featured_image_url on public.content_items
  for each row execute function private.check_featured_asset();

-- Deletes an asset with its versions, comments and collection places; its objects go through the
-- remove_asset_objects job. Refused, naming them, while content items use it.
create function public.delete_asset(asset_id uuid) returns void
language plpgsql volatile security definer
set search_path = ''
as $$
declare
  the_asset public.assets;
  users jsonb;
  titles text;
begin
  select * into the_asset from public.assets a where a.id = delete_asset.asset_id and a.current_version_id is not null for update;
  if the_asset.id is null then
    raise exception 'That asset is not in this workspace (any more).' using errcode = 'P0001', detail = 'asset_not_found';
  end if;
  perform private.require_workspace_role(the_asset.organization_id, 'member');
  select jsonb_agg(jsonb_build_object('id', c.id, 'title', c.title) order by c.title, c.id),
    string_agg(format('"%s"', c.title), ', ' order by c.title, c.id)
  into users, titles
  from public.content_items c where c.featured_asset_id = the_asset.id;
  if users is not null then
    raise exception 'This asset is the featured image of %: choose another image there first.', titles
      using errcode = 'P0001', detail = 'asset_in_use', hint = users::text;
  end if;
  delete from public.assets a where a.id = the_asset.id;
end
$$;

-- A person's name as the library shows it (first and last name, else the e-mail address).
create function private.asset_person_name(person uuid) returns text
language sql stable security definer
set search_path = ''
as $$
  select coalesce(nullif(btrim(concat_ws(' ', p.first_name, p.last_name)), ''), u.email::text)
  from auth.users u left join public.profiles p on p.user_id = u.id
  where u.id = person
$$;

-- One asset's page: the asset, its versions (newest first), its comments (oldest first), the content items that use
-- it and its collections. Null when the caller may not read it (another workspace's, or gone).
create function public.get_asset(asset_id uuid) returns jsonb
language sql stable security definer
set search_path = ''
as $$
  select jsonb_build_object(
    'asset', to_jsonb(a) || jsonb_build_object('created_by_name', private.asset_person_name(a.created_by),
      'approved_by_name', private.asset_person_name(a.approved_by)),
    'versions', coalesce((
      select jsonb_agg(to_jsonb(v) || jsonb_build_object('uploaded_by_name', private.asset_person_name(v.uploaded_by),
        'thumbnail_path', case when v.variants_state = 'ready' then private.asset_variant_path(v.object_path, 'thumb') end,
        'preview_path', case when v.variants_state = 'ready' then private.asset_variant_path(v.object_path, 'w1280') end,
        'public_image_path', private.asset_public_image_path(v.object_path))
        order by v.number desc)
      from public.asset_versions v where v.asset_id = a.id and v.state = 'ready'), '[]'::jsonb),
    'comments', coalesce((
      select jsonb_agg(jsonb_build_object('id', c.id, 'body', c.body, 'status_change', c.status_change, 'created_at', c.created_at,
        'author_id', c.author_id, 'author_name', private.asset_person_name(c.author_id)) order by c.created_at, c.id)
      from public.asset_comments c where c.asset_id = a.id), '[]'::jsonb),
    'used_by', coalesce((
      select jsonb_agg(jsonb_build_object('id', c.id, 'title', c.title, 'status', c.status) order by c.title, c.id)
      from public.content_items c where c.featured_asset_id = a.id), '[]'::jsonb),
    'collection_ids', coalesce((select jsonb_agg(i.collection_id) from public.asset_collection_items i where i.asset_id = a.id), '[]'::jsonb)
  )
  from public.assets a
  where a.id = get_asset.asset_id and a.current_version_id is not null
    and a.organization_id in (select private.organization_ids_with_role('viewer'))
$$;

revoke all on function private.asset_public_image_path(text), private.check_featured_asset(), private.asset_person_name(uuid) from public;
grant execute on function private.asset_public_image_path(text) to anon, authenticated, service_role;

revoke all on function public.delete_asset(uuid), public.get_asset(uuid) from public, anon;
grant execute on function public.delete_asset(uuid), public.get_asset(uuid) to authenticated, service_role;
