-- What the asset library's pages read (decision 0021): a page of the library (search by name and tag, filters by
-- type, status, tag and collection, five orders) with each asset's current file and uploader; the tags in use; the
-- module's figures. Members, admins, owners and viewers of the workspace read them; anyone else gets no rows.

create function public.list_assets(
  workspace_id uuid,
  search text default null,
  kinds text[] default null,
  statuses text[] default null,
  tag text default null,
  collection_id uuid default null,
  sort_by text default 'newest',
  page_size integer default 48,
  page_number integer default 1
) returns table (
  id uuid, name text, description text, kind text, status text, tags text[], created_at timestamptz,
  updated_at timestamptz, approved_at timestamptz, version_id uuid, version_number integer, file_name text,
  mime_type text, size_bytes bigint, width integer, height integer, duration_seconds numeric, variants_state text,
  object_path text, thumbnail_path text, preview_path text, public_image_path text, uploaded_by_name text,
  uploaded_at timestamptz, total_count bigint
)
language sql stable security definer
set search_path = ''
as $$
  with wanted as (
    select nullif(btrim(coalesce(list_assets.search, '')), '') as words,
      least(greatest(coalesce(list_assets.page_size, 48), 1), 200) as size,
      least(greatest(coalesce(list_assets.page_number, 1), 1), 100000) as page
  )
  select a.id, a.name, a.description, a.kind, a.status, a.tags, a.created_at, a.updated_at, a.approved_at, v.id, v.number,
    v.file_name, v.mime_type, v.size_bytes, v.width, v.height, v.duration_seconds, v.variants_state, v.object_path,
    case when v.variants_state = 'ready' then private.asset_variant_path(v.object_path, 'thumb') end,
    case when v.variants_state = 'ready' then private.asset_variant_path(v.object_path, 'w1280') end,
    private.asset_public_image_path(v.object_path),
    private.asset_person_name(v.uploaded_by), v.completed_at, count(*) over ()
  from wanted w
  join public.assets a on a.organization_id = list_assets.workspace_id
  join public.asset_versions v on v.id = a.current_version_id
  where list_assets.workspace_id in (select private.organization_ids_with_role('viewer'))
    and (w.words is null
      or strpos(lower(a.name), lower(w.words)) > 0
      or exists (select 1 from unnest(a.tags) as t(value) where strpos(lower(t.value), lower(w.words)) > 0))
    and (list_assets.kinds is null or cardinality(list_assets.kinds) = 0 or a.kind = any (list_assets.kinds))
    and (list_assets.statuses is null or cardinality(list_assets.statuses) = 0 or a.status = any (list_assets.statuses))
    and (list_assets.tag is null or exists (select 1 from unnest(a.tags) as t(value) where lower(t.value) = lower(list_assets.tag)))
    and (list_assets.collection_id is null or exists (
      select 1 from public.asset_collection_items i where i.collection_id = list_assets.collection_id and i.asset_id = a.id))
  order by
    case when list_assets.sort_by = 'name' then lower(a.name) end asc,
    case when list_assets.sort_by = 'size' then v.size_bytes end desc,
    case when list_assets.sort_by = 'oldest' then a.created_at end asc,
    case when list_assets.sort_by = 'updated' then a.updated_at end desc,
    a.created_at desc, a.id
  limit (select size from wanted) offset ((select page from wanted) - 1) * (select size from wanted)
$$;

-- The tags in use in a workspace's library, most used first.
create function public.asset_tags(workspace_id uuid) returns table (tag text, asset_count bigint)
language sql stable security definer
set search_path = ''
as $$
  select min(t.value), count(distinct a.id)
  from public.assets a cross join unnest(a.tags) as t(value)
  where a.organization_id = asset_tags.workspace_id and a.current_version_id is not null
    and asset_tags.workspace_id in (select private.organization_ids_with_role('viewer'))
  group by lower(t.value)
  order by count(distinct a.id) desc, lower(t.value)
$$;

-- The Creative Studio's figures: assets, in review now, approved since `month_start` (the start of the caller's
-- month), the bytes the library takes and the workspace's quota.
create function public.asset_library_figures(workspace_id uuid, month_start timestamptz)
returns table (asset_count bigint, in_review_count bigint, approved_this_month bigint, storage_used_bytes bigint, quota_bytes bigint)
language sql stable security definer
set search_path = ''
as $$
  select count(a.id) filter (where a.current_version_id is not null),
    count(a.id) filter (where a.current_version_id is not null and a.status = 'in_review'),
    count(a.id) filter (where a.current_version_id is not null and a.status = 'approved' and a.approved_at >= asset_library_figures.month_start),
    private.workspace_asset_bytes(asset_library_figures.workspace_id),
    private.asset_quota_bytes()
  from public.assets a
  where a.organization_id = asset_library_figures.workspace_id
  having asset_library_figures.workspace_id in (select private.organization_ids_with_role('viewer'))
$$;

revoke all on function public.list_assets(uuid, text, text[], text[], text, uuid, text, integer, integer),
  public.asset_tags(uuid), public.asset_library_figures(uuid, timestamptz) from public, anon;
grant execute on function public.list_assets(uuid, text, text[], text[], text, uuid, text, integer, integer),
  public.asset_tags(uuid), public.asset_library_figures(uuid, timestamptz) to authenticated, service_role;
