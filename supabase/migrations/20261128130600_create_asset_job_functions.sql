-- What the asset library's jobs (server/src/jobs/tasks/*asset*) read and write, each confined to the workspace its
-- payload names: a version of another workspace is refused with 42501 foreign_asset_version (the task fails for
-- good, nothing changed). Run by the job runner's own connection; no API role may call them.

-- A version as a job needs it; no row when it is gone (deleted since the job was queued).
create function private.asset_version_for_job(workspace uuid, version uuid)
returns table (asset_id uuid, object_path text, mime_type text, size_bytes bigint, state text, variants_state text, is_current boolean)
language plpgsql stable security definer
set search_path = ''
as $$
begin
  if exists (select 1 from public.asset_versions v where v.id = version and v.organization_id <> workspace) then
    raise exception 'asset version % is not of workspace %', version, workspace using errcode = '42501', detail = 'foreign_asset_version';
  end if;
  return query
    select v.asset_id, v.object_path, v.mime_type, v.size_bytes, v.state, v.variants_state,
      exists (select 1 from public.assets a where a.current_version_id = v.id)
    from public.asset_versions v where v.id = version and v.organization_id = workspace;
end
$$;

-- The outcome of make_asset_variants, written once: true when it was recorded now, false when the version is gone
-- or already had its outcome (a job run twice). An image's true dimensions (from its bytes) replace what the
-- browser said.
create function private.record_asset_variants(
  workspace uuid, version uuid, outcome text, note text, image_width integer, image_height integer, bytes bigint
) returns boolean
language plpgsql volatile security definer
set search_path = ''
as $$
declare
  changed integer;
begin
  if exists (select 1 from public.asset_versions v where v.id = version and v.organization_id <> workspace) then
    raise exception 'asset version % is not of workspace %', version, workspace using errcode = '42501', detail = 'foreign_asset_version';
  end if;
  if outcome not in ('ready', 'none', 'refused', 'failed') then
    raise exception 'not an outcome of derived images: %', outcome using errcode = '22023';
  end if;
  update public.asset_versions v set
    variants_state = outcome, variants_note = left(note, 500),
    variant_bytes = case when outcome = 'ready' then greatest(coalesce(bytes, 0), 0) else 0 end,
    width = coalesce(image_width, v.width), height = coalesce(image_height, v.height)
  where v.id = version and v.organization_id = workspace and v.state = 'ready' and v.variants_state = 'pending';
  get diagnostics changed = row_count;
  return changed > 0;
end
$$;

-- Uploads started more than `older_than` ago and never completed nor cancelled (a browser that went away).
create function private.stale_asset_uploads(older_than interval, max_rows integer)
returns table (version_id uuid, organization_id uuid)
language sql stable security definer
set search_path = ''
as $$
  select v.id, v.organization_id from public.asset_versions v
  where v.state = 'uploading' and v.created_at < now() - older_than
  order by v.created_at
  limit max_rows
$$;

revoke all on function private.asset_version_for_job(uuid, uuid), private.record_asset_variants(uuid, uuid, text, text, integer, integer, bigint),
  private.stale_asset_uploads(interval, integer) from public, anon, authenticated;
