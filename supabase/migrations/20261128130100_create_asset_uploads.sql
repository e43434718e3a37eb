-- How a file enters the asset library (decision 0021):
--   1. start_asset_upload reserves it: the workspace's quota is checked (under a lock per workspace, counting every
--      stored byte and every upload still in progress), and the asset (or, for a replacement, its next version) gets
--      its place `<workspace>/<asset>/<version>/<S3-safe key>`. Over quota: refused here, before any byte is sent.
--   2. The bytes go to that path through Storage (TUS from the browser). The bucket's policies
--      (20261128130200_restrict_assets_bucket_to_the_library.sql) let a member write exactly a reserved path with
--      exactly its reserved size, so a client that skips step 1, or declares more bytes, is refused before any byte
--      is stored, on hosted Supabase as here.
--   3. complete_asset_upload checks what Storage stored (its size must be the reserved one: a signed upload URL,
--      which Storage runs as itself, could bring more) and makes the version current; images get their derived
--      images from the make_asset_variants job.
--   cancel_asset_upload (or, for a browser that went away, the sweep_asset_uploads job a day later) removes a
--   reservation and whatever reached the bucket: a failed upload leaves neither a row nor an object.
-- The quota is a server setting (ASSET_QUOTA_BYTES, written to private.asset_library_settings by the server and by
-- `npm run worker` at start); the database enforces it, so it holds on hosted Supabase as on our server.

create table private.asset_library_settings (
  id boolean primary key default true constraint asset_library_settings_one_row check (id),
  quota_bytes bigint not null default 10737418240 constraint asset_library_settings_quota_check check (quota_bytes >= 0)
);
insert into private.asset_library_settings default values;

create function private.asset_quota_bytes() returns bigint
language sql stable security definer
set search_path = ''
as $$
  select coalesce((select s.quota_bytes from private.asset_library_settings s), 10737418240)
$$;

-- Bytes a workspace's library takes: every version's file (reserved size while uploading) and its derived images.
create function private.workspace_asset_bytes(workspace uuid) returns bigint
language sql stable security definer
set search_path = ''
as $$
  select coalesce(sum(v.size_bytes + v.variant_bytes), 0)::bigint from public.asset_versions v where v.organization_id = workspace
$$;

-- What a MIME type makes an asset.
create function private.asset_kind(mime text) returns text
language sql immutable parallel safe
set search_path = ''
as $$
  select case
    when mime like 'image/%' then 'image'
    when mime like 'video/%' then 'video'
    when mime like 'audio/%' then 'audio'
    when mime = 'application/pdf' then 'pdf'
    when mime like 'text/%' or mime in ('application/msword', 'application/rtf', 'application/json', 'application/vnd.ms-excel',
      'application/vnd.ms-powerpoint') or mime like 'application/vnd.openxmlformats-officedocument.%'
      or mime like 'application/vnd.oasis.opendocument.%' then 'document'
    else 'other'
  end
$$;

-- Storage's key rule (S3-safe characters), one path segment, not a name the library uses itself.
create function private.is_valid_asset_object_key(object_key text) returns boolean
language sql immutable parallel safe
set search_path = ''
as $$
  select object_key ~ '^[A-Za-z0-9_!.*''()&$=@;:+,?-]{1,200}$' and object_key not in ('.', '..', 'variants')
$$;

-- Where a version's derived images are: `<version folder>/variants/<name>.webp`.
create function private.asset_variant_path(object_path text, variant text) returns text
language sql immutable parallel safe
set search_path = ''
as $$
  select regexp_replace(object_path, '[^/]+$', '') || 'variants/' || variant || '.webp'
$$;

create function public.start_asset_upload(
  workspace_id uuid,
  file_name text,
  object_key text,
  mime_type text,
  size_bytes bigint,
  replace_asset_id uuid default null
) returns table (asset_id uuid, version_id uuid, object_path text)
language plpgsql volatile security definer
set search_path = ''
as $$
declare
  caller uuid := (select auth.uid());
  clean_name text := btrim(coalesce(start_asset_upload.file_name, ''));
  clean_type text := lower(btrim(coalesce(start_asset_upload.mime_type, '')));
  quota bigint;
  used bigint;
  the_asset uuid;
  the_version uuid := gen_random_uuid();
  the_path text;
  next_number integer;
begin
  perform private.require_workspace_role(start_asset_upload.workspace_id, 'member');
  if char_length(clean_name) not between 1 and 255 then
    raise exception 'A file name needs 1 to 255 characters.' using errcode = 'P0001', detail = 'invalid_file_name';
  end if;
  if not private.is_valid_asset_object_key(start_asset_upload.object_key) then
    raise exception 'The storage key "%" may use only letters, digits and - _ . ! * '' ( ) & $ = @ ; : + , ? (up to 200).',
      left(coalesce(start_asset_upload.object_key, ''), 200) using errcode = 'P0001', detail = 'invalid_object_key';
  end if;
  if start_asset_upload.size_bytes is null or start_asset_upload.size_bytes <= 0 then
    raise exception 'The file is empty.' using errcode = 'P0001', detail = 'empty_file';
  end if;
  if clean_type !~ '^[a-z0-9][a-z0-9!#$&^_.+-]*/[a-z0-9][a-z0-9!#$&^_.+-]*$' or char_length(clean_type) > 255 then
    clean_type := 'application/octet-stream';
  end if;

  -- One reservation at a time per workspace: two uploads cannot both take the last free bytes.
  perform pg_advisory_xact_lock(hashtextextended('asset-quota:' || start_asset_upload.workspace_id, 0));
  quota := private.asset_quota_bytes();
  used := private.workspace_asset_bytes(start_asset_upload.workspace_id);
  if used + start_asset_upload.size_bytes > quota then
    raise exception '"%" (%) does not fit: the workspace uses % of its % of storage.', clean_name,
      pg_size_pretty(start_asset_upload.size_bytes), pg_size_pretty(used), pg_size_pretty(quota)
      using errcode = 'P0001', detail = 'quota_exceeded',
        hint = json_build_object('used_bytes', used, 'quota_bytes', quota, 'size_bytes', start_asset_upload.size_bytes)::text;
  end if;

  if start_asset_upload.replace_asset_id is null then
    insert into public.assets (organization_id, name, kind, created_by)
    values (start_asset_upload.workspace_id, clean_name, private.asset_kind(clean_type), caller)
    returning id into the_asset;
    next_number := 1;
  else
    select a.id into the_asset from public.assets a
    where a.id = start_asset_upload.replace_asset_id and a.organization_id = start_asset_upload.workspace_id
      and a.current_version_id is not null
    for update;
    if the_asset is null then
      raise exception 'That asset is not in this workspace (any more).' using errcode = 'P0001', detail = 'asset_not_found';
    end if;
    select coalesce(max(v.number), 0) + 1 into next_number from public.asset_versions v where v.asset_id = the_asset;
  end if;

  the_path := start_asset_upload.workspace_id || '/' || the_asset || '/' || the_version || '/' || start_asset_upload.object_key;
  insert into public.asset_versions (id, asset_id, organization_id, number, object_path, file_name, mime_type, size_bytes, uploaded_by)
  values (the_version, the_asset, start_asset_upload.workspace_id, next_number, the_path, clean_name, clean_type,
    start_asset_upload.size_bytes, caller);
  return query select the_asset, the_version, the_path;
end
$$;

-- Makes a version whose bytes arrived the asset's current one (by the caller's completion, or by the sweep for a
-- browser that went away). 'ready', or 'size_mismatch' when Storage holds another size than was reserved: then the
-- version (and an asset left without versions) is removed, and its object with it (the asset_versions trigger).
-- 'missing' when nothing arrived.
create function private.complete_asset_version(version_id uuid, width integer, height integer, duration_seconds numeric)
returns text
language plpgsql volatile security definer
set search_path = ''
as $$
declare
  ver public.asset_versions;
  meta jsonb;
  stored_type text;
  new_kind text;
begin
  select * into ver from public.asset_versions v where v.id = complete_asset_version.version_id for update;
  if ver.id is null then
    return 'missing';
  end if;
  if ver.state = 'ready' then
    return 'ready';
  end if;
  select o.metadata into meta from storage.objects o where o.bucket_id = 'assets' and o.name = ver.object_path;
  if meta is null then
    return 'missing';
  end if;
  if (meta ->> 'size') is distinct from ver.size_bytes::text then
    delete from public.asset_versions v where v.id = ver.id;
    delete from public.assets a where a.id = ver.asset_id and a.current_version_id is null
      and not exists (select 1 from public.asset_versions v where v.asset_id = ver.asset_id);
    return 'size_mismatch';
  end if;
  stored_type := coalesce(nullif(lower(meta ->> 'mimetype'), ''), ver.mime_type);
  new_kind := private.asset_kind(stored_type);
  update public.asset_versions v set
    state = 'ready', completed_at = now(), mime_type = left(stored_type, 255),
    width = case when complete_asset_version.width > 0 then complete_asset_version.width end,
    height = case when complete_asset_version.height > 0 then complete_asset_version.height end,
    duration_seconds = case when complete_asset_version.duration_seconds >= 0 then round(complete_asset_version.duration_seconds, 3) end,
    variants_state = case when new_kind = 'image' then 'pending' else 'none' end
  where v.id = ver.id;
  -- A new version starts its review again: what was approved was the old file.
  update public.assets a set
    current_version_id = ver.id, kind = new_kind,
    status = case when ver.number > 1 then 'draft' else a.status end,
    status_changed_at = case when ver.number > 1 then now() else a.status_changed_at end,
    approved_at = case when ver.number > 1 then null else a.approved_at end,
    approved_by = case when ver.number > 1 then null else a.approved_by end
  where a.id = ver.asset_id;
  if ver.number > 1 then
    insert into public.asset_comments (asset_id, organization_id, author_id, body, status_change)
    values (ver.asset_id, ver.organization_id, ver.uploaded_by, format('Version %s uploaded: the review starts again.', ver.number), 'draft');
  end if;
  if new_kind = 'image' then
    perform private.enqueue_job('make_asset_variants', jsonb_build_object('workspace_id', ver.organization_id, 'version_id', ver.id),
      null, 'asset-variants:' || ver.id, 5);
  end if;
  return 'ready';
end
$$;

create function public.complete_asset_upload(
  version_id uuid, width integer default null, height integer default null, duration_seconds numeric default null
) returns text
language plpgsql volatile security definer
set search_path = ''
as $$
declare
  workspace uuid;
  outcome text;
begin
  select v.organization_id into workspace from public.asset_versions v where v.id = complete_asset_upload.version_id;
  if workspace is null then
    raise exception 'That upload is not (any more) in progress.' using errcode = 'P0001', detail = 'upload_not_found';
  end if;
  perform private.require_workspace_role(workspace, 'member');
  outcome := private.complete_asset_version(complete_asset_upload.version_id, width, height, duration_seconds);
  if outcome = 'missing' then
    raise exception 'The file has not arrived yet: upload it again.' using errcode = 'P0001', detail = 'upload_missing';
  end if;
  return outcome;
end
$$;

-- Removes an upload in progress (the version row; the asset too when it had no other version).
create function private.drop_asset_upload(version uuid) returns void
language plpgsql volatile security definer
set search_path = ''
as $$
declare
  ver public.asset_versions;
begin
  select * into ver from public.asset_versions v where v.id = version and v.state = 'uploading' for update;
  if ver.id is null then
    return;
  end if;
  delete from public.asset_versions v where v.id = ver.id;
  delete from public.assets a where a.id = ver.asset_id and a.current_version_id is null
    and not exists (select 1 from public.asset_versions v where v.asset_id = ver.asset_id);
end
$$;

create function public.cancel_asset_upload(version_id uuid) returns void
language plpgsql volatile security definer
set search_path = ''
as $$
declare
  workspace uuid;
begin
  select v.organization_id into workspace from public.asset_versions v
  where v.id = cancel_asset_upload.version_id and v.state = 'uploading';
  if workspace is null then
    raise exception 'That upload is not (any more) in progress.' using errcode = 'P0001', detail = 'upload_not_found';
  end if;
  perform private.require_workspace_role(workspace, 'member');
  perform private.drop_asset_upload(cancel_asset_upload.version_id);
end
$$;

-- Every version that goes (a cancelled upload, a deleted asset, a deleted workspace) takes its objects with it: the
-- original, its derived images and the public copy of a featured image, removed through Storage by the
-- remove_asset_objects job (the rows are gone by then; the job checks that no version of that id came back).
create function private.queue_asset_version_removal() returns trigger
language plpgsql security definer
set search_path = ''
as $$
begin
  perform private.enqueue_job('remove_asset_objects', jsonb_build_object(
    'workspace_id', old.organization_id,
    'version_id', old.id,
    'paths', jsonb_build_array(old.object_path, private.asset_variant_path(old.object_path, 'thumb'),
      private.asset_variant_path(old.object_path, 'w320'), private.asset_variant_path(old.object_path, 'w1280')),
    'public_paths', jsonb_build_array(private.asset_variant_path(old.object_path, 'w1280'))
  ), null, 'asset-objects:' || old.id, 10);
  return null;
end
$$;

create trigger asset_versions_remove_objects
  after delete on public.asset_versions
  for each row execute function private.queue_asset_version_removal();

revoke all on function private.asset_quota_bytes(), private.workspace_asset_bytes(uuid), private.asset_kind(text),
  private.is_valid_asset_object_key(text), private.asset_variant_path(text, text),
  private.complete_asset_version(uuid, integer, integer, numeric), private.drop_asset_upload(uuid),
  private.queue_asset_version_removal() from public;
grant execute on function private.asset_kind(text), private.is_valid_asset_object_key(text), private.asset_variant_path(text, text)
  to anon, authenticated, service_role;

revoke all on function public.start_asset_upload(uuid, text, text, text, bigint, uuid),
  public.complete_asset_upload(uuid, integer, integer, numeric), public.cancel_asset_upload(uuid) from public, anon;
grant execute on function public.start_asset_upload(uuid, text, text, text, bigint, uuid),
  public.complete_asset_upload(uuid, integer, integer, numeric), public.cancel_asset_upload(uuid) to authenticated, service_role;
