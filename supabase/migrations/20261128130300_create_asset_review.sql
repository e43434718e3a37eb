-- Review of assets (decision 0021): draft → in review → approved or changes requested, with comments. Members and up
-- move an asset through the review; viewers read and comment but never change a status. The rule of which move is
-- allowed lives here (private.asset_status_move_allowed) and is mirrored for the buttons in
-- src/features/assets/utils/review-moves.ts; tests/integration/asset-library.test.ts checks the two agree.
-- Also here: restoring an older version.

create function private.asset_status_move_allowed(from_status text, to_status text) returns boolean
language sql immutable parallel safe
set search_path = ''
as $$
  select (from_status, to_status) in (
    ('draft', 'in_review'),
    ('in_review', 'approved'), ('in_review', 'changes_requested'), ('in_review', 'draft'),
    ('changes_requested', 'in_review'), ('changes_requested', 'draft'),
    ('approved', 'draft')
  )
$$;

create function public.set_asset_status(asset_id uuid, new_status text, comment text default null) returns text
language plpgsql volatile security definer
set search_path = ''
as $$
declare
  the_asset public.assets;
  note text := nullif(btrim(coalesce(set_asset_status.comment, '')), '');
begin
  select * into the_asset from public.assets a where a.id = set_asset_status.asset_id and a.current_version_id is not null for update;
  if the_asset.id is null then
    raise exception 'That asset is not in this workspace (any more).' using errcode = 'P0001', detail = 'asset_not_found';
  end if;
  perform private.require_workspace_role(the_asset.organization_id, 'member');
  if not private.asset_status_move_allowed(the_asset.status, set_asset_status.new_status) then
    raise exception 'An asset that is % cannot become %.', replace(the_asset.status, '_', ' '), replace(coalesce(set_asset_status.new_status, 'nothing'), '_', ' ')
      using errcode = 'P0001', detail = 'status_move_not_allowed';
  end if;
  if set_asset_status.new_status = 'changes_requested' and note is null then
    raise exception 'Say which changes are needed.' using errcode = 'P0001', detail = 'comment_required';
  end if;
  if char_length(note) > 4000 then
    raise exception 'A comment has at most 4000 characters.' using errcode = 'P0001', detail = 'comment_too_long';
  end if;
  update public.assets a set
    status = set_asset_status.new_status, status_changed_at = now(),
    approved_at = case when set_asset_status.new_status = 'approved' then now() end,
    approved_by = case when set_asset_status.new_status = 'approved' then (select auth.uid()) end
  where a.id = the_asset.id;
  insert into public.asset_comments (asset_id, organization_id, author_id, body, status_change)
  values (the_asset.id, the_asset.organization_id, (select auth.uid()),
    coalesce(note, case set_asset_status.new_status
      when 'in_review' then 'Submitted for review.' when 'approved' then 'Approved.' else 'Back to draft.' end),
    set_asset_status.new_status);
  return set_asset_status.new_status;
end
$$;

create function public.add_asset_comment(asset_id uuid, body text) returns uuid
language plpgsql volatile security definer
set search_path = ''
as $$
declare
  workspace uuid;
  clean_body text := btrim(coalesce(add_asset_comment.body, ''));
  new_id uuid;
begin
  select a.organization_id into workspace from public.assets a where a.id = add_asset_comment.asset_id and a.current_version_id is not null;
  if workspace is null then
    raise exception 'That asset is not in this workspace (any more).' using errcode = 'P0001', detail = 'asset_not_found';
  end if;
  perform private.require_workspace_role(workspace, 'viewer');
  if char_length(clean_body) not between 1 and 4000 then
    raise exception 'A comment needs 1 to 4000 characters.' using errcode = 'P0001', detail = 'invalid_comment';
  end if;
  insert into public.asset_comments (asset_id, organization_id, author_id, body)
  values (add_asset_comment.asset_id, workspace, (select auth.uid()), clean_body)
  returning id into new_id;
  return new_id;
end
$$;

-- Makes an older version current again (it is kept as it was; the review starts again, as for a new version).
create function public.restore_asset_version(asset_id uuid, version_id uuid) returns void
language plpgsql volatile security definer
set search_path = ''
as $$
declare
  the_asset public.assets;
  ver public.asset_versions;
begin
  select * into the_asset from public.assets a where a.id = restore_asset_version.asset_id and a.current_version_id is not null for update;
  if the_asset.id is null then
    raise exception 'That asset is not in this workspace (any more).' using errcode = 'P0001', detail = 'asset_not_found';
  end if;
  perform private.require_workspace_role(the_asset.organization_id, 'member');
  select * into ver from public.asset_versions v
  where v.id = restore_asset_version.version_id and v.asset_id = the_asset.id and v.state = 'ready';
  if ver.id is null then
    raise exception 'That version is not one of this asset''s.' using errcode = 'P0001', detail = 'version_not_found';
  end if;
  if ver.id = the_asset.current_version_id then
    return;
  end if;
  update public.assets a set current_version_id = ver.id, kind = private.asset_kind(ver.mime_type), status = 'draft',
    status_changed_at = now(), approved_at = null, approved_by = null
  where a.id = the_asset.id;
  insert into public.asset_comments (asset_id, organization_id, author_id, body, status_change)
  values (the_asset.id, the_asset.organization_id, (select auth.uid()),
    format('Version %s restored: the review starts again.', ver.number), 'draft');
end
$$;

revoke all on function private.asset_status_move_allowed(text, text) from public;
grant execute on function private.asset_status_move_allowed(text, text) to anon, authenticated, service_role;

revoke all on function public.set_asset_status(uuid, text, text), public.add_asset_comment(uuid, text),
  public.restore_asset_version(uuid, uuid) from public, anon;
grant execute on function public.set_asset_status(uuid, text, text), public.add_asset_comment(uuid, text),
  public.restore_asset_version(uuid, uuid) to authenticated, service_role;
