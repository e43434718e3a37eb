-- The workspace's asset library (issue 27, decision 0021): images, videos, audio, PDFs and other files kept in the
-- private Storage bucket `assets`, each with its versions, review comments and collections.
--
--   assets                  one row per asset: its display name, tags, review status and current version
--   asset_versions          one row per uploaded file: where its bytes are (`<workspace>/<asset>/<version>/<key>`),
--                           what it is (type, size, dimensions, duration) and its derived images; `uploading` while
--                           the bytes travel (a reservation: its size counts against the quota), `ready` after
--   asset_comments          review comments, some of them with the status change they came with
--   asset_collections       named groups of assets, and asset_collection_items
--
-- Who may do what: viewers and above read everything of their workspace; members and above change names, tags,
-- descriptions and collections. Uploads, review, versions and deletion go through the functions of the next
-- migrations, which check the access role themselves. Rows of two workspaces never point at each other: every child
-- row carries its workspace and its foreign keys include it.

create table public.assets (
  id uuid primary key default gen_random_uuid(),
  organization_id uuid not null references public.organizations (id) on delete cascade,
  name text not null constraint assets_name_length check (char_length(btrim(name)) between 1 and 255),
  description text constraint assets_description_length check (char_length(description) <= 2000),
  kind text not null constraint assets_kind_check check (kind in ('image', 'video', 'audio', 'pdf', 'document', 'other')),
  status text not null default 'draft'
    constraint assets_status_check check (status in ('draft', 'in_review', 'approved', 'changes_requested')),
  tags text[] not null default '{}' constraint assets_tags_check check (
    cardinality(tags) <= 30 and array_position(tags, null) is null
  ),
  -- Null until the first upload completes: such an asset is only a reservation and is listed nowhere.
  current_version_id uuid,
  created_by uuid references auth.users (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  status_changed_at timestamptz not null default now(),
  approved_at timestamptz,
  approved_by uuid references auth.users (id) on delete set null,
  constraint assets_id_organization_key unique (id, organization_id)
);
create index assets_organization_id_created_at_idx on public.assets (organization_id, created_at desc);
create index assets_organization_id_status_idx on public.assets (organization_id, status);
create index assets_tags_idx on public.assets using gin (tags);

-- Each tag: 1-40 characters after trimming, no commas (the editor splits on them), at most 30 per asset.
create function private.are_valid_asset_tags(tags text[]) returns boolean
language sql immutable parallel safe
set search_path = ''
as $$
  select coalesce(bool_and(char_length(btrim(t)) between 1 and 40 and t = btrim(t) and position(',' in t) = 0), true)
  from unnest(tags) as t
$$;
alter table public.assets add constraint assets_tags_format check (private.are_valid_asset_tags(tags));

create table public.asset_versions (
  id uuid primary key default gen_random_uuid(),
  asset_id uuid not null,
  organization_id uuid not null,
  number integer not null constraint asset_versions_number_check check (number >= 1),
  state text not null default 'uploading' constraint asset_versions_state_check check (state in ('uploading', 'ready')),
  object_path text not null,
  file_name text not null constraint asset_versions_file_name_length check (char_length(file_name) between 1 and 255),
  mime_type text not null constraint asset_versions_mime_type_length check (char_length(mime_type) between 3 and 255),
  -- Reserved (declared) while uploading; the stored object's size once ready.
  size_bytes bigint not null constraint asset_versions_size_check check (size_bytes > 0),
  width integer constraint asset_versions_width_check check (width > 0),
  height integer constraint asset_versions_height_check check (height > 0),
  duration_seconds numeric(12, 3) constraint asset_versions_duration_check check (duration_seconds >= 0),
  -- Derived images (thumbnail, WebP 320 and 1280 px) made by the make_asset_variants job: pending until it ran,
  -- ready, none (not an image), refused (too large, compressed input: a bomb) or failed (not decodable).
  variants_state text not null default 'pending'
    constraint asset_versions_variants_state_check check (variants_state in ('pending', 'ready', 'none', 'refused', 'failed')),
  variants_note text constraint asset_versions_variants_note_length check (char_length(variants_note) <= 500),
  variant_bytes bigint not null default 0 constraint asset_versions_variant_bytes_check check (variant_bytes >= 0),
  uploaded_by uuid references auth.users (id) on delete set null,
  created_at timestamptz not null default now(),
  completed_at timestamptz,
  constraint asset_versions_asset_fkey foreign key (asset_id, organization_id)
    references public.assets (id, organization_id) on delete cascade,
  constraint asset_versions_asset_number_key unique (asset_id, number),
  constraint asset_versions_object_path_key unique (object_path),
  constraint asset_versions_id_asset_key unique (id, asset_id),
  -- The object's place: its workspace's folder, its asset's and its own, then one S3-safe key.
  constraint asset_versions_object_path_format check (
    object_path = organization_id || '/' || asset_id || '/' || id || '/' || split_part(object_path, '/', 4)
    and split_part(object_path, '/', 4) ~ '^[A-Za-z0-9_!.*''()&$=@;:+,?-]{1,200}$'
    and split_part(object_path, '/', 4) not in ('.', '..', 'variants')
  )
);
create index asset_versions_organization_id_idx on public.asset_versions (organization_id);
create index asset_versions_uploading_idx on public.asset_versions (created_at) where state = 'uploading';

alter table public.assets add constraint assets_current_version_fkey
  foreign key (current_version_id, id) references public.asset_versions (id, asset_id) deferrable initially deferred;

create table public.asset_comments (
  id uuid primary key default gen_random_uuid(),
  asset_id uuid not null,
  organization_id uuid not null,
  author_id uuid references auth.users (id) on delete set null,
  body text not null constraint asset_comments_body_length check (char_length(btrim(body)) between 1 and 4000),
  -- The review status this comment came with (set_asset_status), or null for a plain comment.
  status_change text constraint asset_comments_status_change_check
    check (status_change in ('draft', 'in_review', 'approved', 'changes_requested')),
  created_at timestamptz not null default now(),
  constraint asset_comments_asset_fkey foreign key (asset_id, organization_id)
    references public.assets (id, organization_id) on delete cascade
);
create index asset_comments_asset_id_created_at_idx on public.asset_comments (asset_id, created_at);

create table public.asset_collections (
  id uuid primary key default gen_random_uuid(),
  organization_id uuid not null references public.organizations (id) on delete cascade,
  name text not null constraint asset_collections_name_length check (char_length(btrim(name)) between 1 and 80),
  created_by uuid default auth.uid() references auth.users (id) on delete set null,
  created_at timestamptz not null default now(),
  constraint asset_collections_id_organization_key unique (id, organization_id)
);
create unique index asset_collections_name_key on public.asset_collections (organization_id, lower(btrim(name)));

create table public.asset_collection_items (
  collection_id uuid not null,
  asset_id uuid not null,
  organization_id uuid not null,
  added_at timestamptz not null default now(),
  primary key (collection_id, asset_id),
  constraint asset_collection_items_collection_fkey foreign key (collection_id, organization_id)
    references public.asset_collections (id, organization_id) on delete cascade,
  constraint asset_collection_items_asset_fkey foreign key (asset_id, organization_id)
    references public.assets (id, organization_id) on delete cascade
);
create index asset_collection_items_asset_id_idx on public.asset_collection_items (asset_id);

create trigger assets_set_updated_at
  before insert or update on public.assets
  for each row execute function private.set_updated_at();

alter table public.assets enable row level security;
alter table public.asset_versions enable row level security;
alter table public.asset_comments enable row level security;
alter table public.asset_collections enable row level security;
alter table public.asset_collection_items enable row level security;

revoke all on table public.assets, public.asset_versions, public.asset_comments, public.asset_collections,
  public.asset_collection_items from anon, authenticated;
grant select on table public.assets, public.asset_versions, public.asset_comments, public.asset_collections,
  public.asset_collection_items to authenticated;
-- Members rename, describe and tag; status, versions and the workspace change only through the functions.
grant update (name, description, tags) on table public.assets to authenticated;
grant insert (organization_id, name), update (name), delete on table public.asset_collections to authenticated;
grant insert (collection_id, asset_id, organization_id), delete on table public.asset_collection_items to authenticated;
grant all on table public.assets, public.asset_versions, public.asset_comments, public.asset_collections,
  public.asset_collection_items to service_role;

create policy "Viewers and up read their workspace's assets" on public.assets
  for select to authenticated
  using (organization_id in (select private.organization_ids_with_role('viewer')));
create policy "Members describe their workspace's assets" on public.assets
  for update to authenticated
  using (organization_id in (select private.organization_ids_with_role('member')))
  with check (organization_id in (select private.organization_ids_with_role('member')));

create policy "Viewers and up read their workspace's asset versions" on public.asset_versions
  for select to authenticated
  using (organization_id in (select private.organization_ids_with_role('viewer')));

create policy "Viewers and up read their workspace's asset comments" on public.asset_comments
  for select to authenticated
  using (organization_id in (select private.organization_ids_with_role('viewer')));

create policy "Viewers and up read their workspace's collections" on public.asset_collections
  for select to authenticated
  using (organization_id in (select private.organization_ids_with_role('viewer')));
create policy "Members make collections" on public.asset_collections
  for insert to authenticated
  with check (organization_id in (select private.organization_ids_with_role('member')));
create policy "Members rename collections" on public.asset_collections
  for update to authenticated
  using (organization_id in (select private.organization_ids_with_role('member')))
  with check (organization_id in (select private.organization_ids_with_role('member')));
create policy "Members remove collections" on public.asset_collections
  for delete to authenticated
  using (organization_id in (select private.organization_ids_with_role('member')));

create policy "Viewers and up read their workspace's collection items" on public.asset_collection_items
  for select to authenticated
  using (organization_id in (select private.organization_ids_with_role('viewer')));
create policy "Members add assets to collections" on public.asset_collection_items
  for insert to authenticated
  with check (organization_id in (select private.organization_ids_with_role('member')));
create policy "Members take assets out of collections" on public.asset_collection_items
  for delete to authenticated
  using (organization_id in (select private.organization_ids_with_role('member')));
