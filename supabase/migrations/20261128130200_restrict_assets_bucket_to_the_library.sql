-- The `assets` bucket belongs to the asset library (decision 0021). Until now a member could write any path of their
-- workspace's folder (20261128070000_create_assets_bucket.sql); that way round the library, its quota and its
-- "where used" check. Now:
--   read (download, list, info, signed URLs)   viewers and up, as before: originals, versions and derived images
--   write (upload, replace)                      a member, only a path start_asset_upload reserved and not yet
--                                                completed, and only declaring exactly the reserved size (Storage
--                                                passes the declared length to the policy: Content-Length of a plain
--                                                upload, Upload-Length of a TUS creation), so an upload that skips the
--                                                reservation or brings more bytes is refused before any byte is stored
--   delete                                       a member, only an upload still in progress; a stored asset's objects go
--                                                with its rows (delete_asset), through the remove_asset_objects job
-- Derived images and public copies are written by the job runner with the service key, which bypasses RLS as on
-- Supabase.
--
-- `asset-public`: a public bucket holding one copy of an approved image (its WebP 1280 variant, no EXIF) for each
-- asset a content item uses as its featured image, so the public blog can show it at a stable address on both
-- backends (`/storage/v1/object/public/asset-public/<workspace>/<asset>/<version>/variants/w1280.webp`). Nobody but
-- the service key writes there; anyone reads it, as a published post's image is meant to be read.

drop policy "assets: workspace members upload" on storage.objects;
drop policy "assets: workspace members replace and move" on storage.objects;
drop policy "assets: workspace members delete" on storage.objects;

-- True when `object_name` is an upload in progress that start_asset_upload reserved within the last day, in a
-- workspace where the caller (with a live session) is a member or more; with `metadata` (the row Storage is about to
-- write), also when it declares exactly the reserved number of bytes.
create function private.is_reserved_asset_upload(object_name text, metadata jsonb) returns boolean
language sql stable security definer
set search_path = ''
as $$
  select private.has_live_session() and exists (
    select 1 from public.asset_versions v
    where v.object_path = object_name and v.state = 'uploading'
      and v.created_at > now() - interval '1 day'
      and v.organization_id in (select private.organization_ids_with_role('member'))
      and (metadata is null or (metadata ->> 'contentLength') = v.size_bytes::text)
  )
$$;

revoke all on function private.is_reserved_asset_upload(text, jsonb) from public;
grant execute on function private.is_reserved_asset_upload(text, jsonb) to anon, authenticated, service_role;

create policy "assets: members upload reserved files" on storage.objects
  for insert to authenticated
  with check (bucket_id = 'assets' and private.is_reserved_asset_upload(name, metadata));

create policy "assets: members resume reserved files" on storage.objects
  for update to authenticated
  using (bucket_id = 'assets' and private.is_reserved_asset_upload(name, null))
  with check (bucket_id = 'assets' and private.is_reserved_asset_upload(name, metadata));

create policy "assets: members remove unfinished uploads" on storage.objects
  for delete to authenticated
  using (bucket_id = 'assets' and private.is_reserved_asset_upload(name, null));

insert into storage.buckets (id, name, public, allowed_mime_types)
values ('asset-public', 'asset-public', true, array['image/webp'])
on conflict (id) do nothing;
