-- "Where used" and safe delete (issue 27 §5) count the Email Platform too: an image block of an e-mail template or a
-- campaign that took its image from the Creative Studio keeps the asset's id (`asset_id`, top level or inside a
-- columns block). Such an asset is listed as used by those templates and campaigns, and delete_asset refuses, naming
-- them, like it does for a content item's featured image — in the database, so a direct API call is refused too.
-- Only templates and campaigns of the asset's own workspace count: a block of another workspace that names the id
-- neither shows up (no names leak across workspaces) nor keeps the asset from being deleted.
-- A sent campaign cannot change any more: its e-mails show a public copy of the image (the `email-images` bucket,
-- decision 0020), which deleting the asset would not take offline. The refusal says so; deleting the campaign (allowed
-- once sent) frees the asset.

-- Whether blocks (a template's or a campaign's) show the asset: an image block with its id, at any depth.
create function private.email_blocks_use_asset(blocks jsonb, asset_id uuid) returns boolean
language sql immutable parallel safe
set search_path = ''
as $$
  select exists (
    select 1 from jsonb_path_query(blocks, 'lax $.** ? (@.type == "image").asset_id') v
    where jsonb_typeof(v) = 'string' and lower(v #>> '{}') = asset_id::text)
$$;

-- Who uses an asset, in its own workspace only: content items (featured image), campaigns and templates (an image
-- block). Each {id, title, kind: content_item | campaign | template, status}, content items first, then by title.
create function private.asset_users(asset_id uuid, workspace_id uuid) returns jsonb
language sql stable security definer
set search_path = ''
as $$
  select coalesce(jsonb_agg(jsonb_build_object('id', u.id, 'title', u.title, 'kind', u.kind, 'status', u.status)
    order by u.rank, u.title, u.id), '[]'::jsonb)
  from (
    select c.id, c.title, 'content_item' as kind, c.status, 1 as rank
    from public.content_items c where c.featured_asset_id = asset_users.asset_id and c.organization_id = asset_users.workspace_id
    union all
    select m.id, m.name, 'campaign', m.status, 2
    from public.email_campaigns m
    where m.organization_id = asset_users.workspace_id and private.email_blocks_use_asset(m.blocks, asset_users.asset_id)
    union all
    select t.id, t.name, 'template', null, 3
    from public.email_templates t
    where t.organization_id = asset_users.workspace_id and private.email_blocks_use_asset(t.blocks, asset_users.asset_id)
  ) u
$$;

-- The refusal's sentence for a list of users (private.asset_users). Content items alone keep the sentence they had.
create function private.asset_in_use_message(users jsonb) returns text
language sql immutable parallel safe
set search_path = ''
as $$
  select case
    when not exists (select 1 from jsonb_array_elements(users) u where u ->> 'kind' <> 'content_item') then
      format('This asset is the featured image of %s: choose another image there first.',
        (select string_agg(format('"%s"', u ->> 'title'), ', ' order by ord) from jsonb_array_elements(users) with ordinality x(u, ord)))
    else
      'This asset is in use: ' || (
        select string_agg(case u ->> 'kind'
            when 'content_item' then format('the featured image of "%s"', u ->> 'title')
            when 'template' then format('an image of template "%s"', u ->> 'title')
            when 'campaign' then case u ->> 'status'
              when 'sent' then format('an image of campaign "%s" (sent: its e-mails show a public copy of the image, which deleting'
                || ' the asset would not take offline; delete the campaign to free the asset)', u ->> 'title')
              else format('an image of campaign "%s" (%s)', u ->> 'title', u ->> 'status')
            end
          end, '; ' order by ord)
        from jsonb_array_elements(users) with ordinality x(u, ord)
      ) || '. Choose another image there first.'
  end
$$;

-- Deletes an asset with its versions, comments and collection places; its objects go through the
-- remove_asset_objects job. Refused, naming them, while content items, campaigns or templates use it.
create or replace function public.delete_asset(asset_id uuid) returns void
language plpgsql volatile security definer
set search_path = ''
as $$
declare
  the_asset public.assets;
  users jsonb;
begin
  select * into the_asset from public.assets a where a.id = delete_asset.asset_id and a.current_version_id is not null for update;
  if the_asset.id is null then
    raise exception 'That asset is not in this workspace (any more).' using errcode = 'P0001', detail = 'asset_not_found';
  end if;
  perform private.require_workspace_role(the_asset.organization_id, 'member');
  users := private.asset_users(the_asset.id, the_asset.organization_id);
  if jsonb_array_length(users) > 0 then
    raise exception '%', private.asset_in_use_message(users)
      using errcode = 'P0001', detail = 'asset_in_use', hint = users::text;
  end if;
  delete from public.assets a where a.id = the_asset.id;
end
$$;

-- One asset's page: the asset, its versions (newest first), its comments (oldest first), where it is used (content
-- items, campaigns, templates of its workspace) and its collections. Null when the caller may not read it.
create or replace function public.get_asset(asset_id uuid) returns jsonb
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
    'used_by', private.asset_users(a.id, a.organization_id),
    'collection_ids', coalesce((select jsonb_agg(i.collection_id) from public.asset_collection_items i where i.asset_id = a.id), '[]'::jsonb)
  )
  from public.assets a
  where a.id = get_asset.asset_id and a.current_version_id is not null
    and a.organization_id in (select private.organization_ids_with_role('viewer'))
$$;

revoke all on function private.email_blocks_use_asset(jsonb, uuid), private.asset_users(uuid, uuid), private.asset_in_use_message(jsonb)
  from public, anon, authenticated;
grant execute on function private.email_blocks_use_asset(jsonb, uuid), private.asset_users(uuid, uuid), private.asset_in_use_message(jsonb)
  to service_role;
