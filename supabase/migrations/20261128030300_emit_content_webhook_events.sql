-- content.published and content.unpublished, emitted in the transaction that changes a content item's status,
-- whoever changes it (a member in the Content Hub, the scheduled-publishing job, the data API on hosted Supabase):
-- the event exists exactly when the change committed. An item leaving `published` (or deleted while published) is
-- unpublished. The event key names the item and its publish moment, so the same publication is never told twice.

create function private.emit_content_webhook_events() returns trigger
language plpgsql security definer
set search_path = ''
as $$
declare
  item public.content_items := case when tg_op = 'DELETE' then old else new end;
  data jsonb;
begin
  data := jsonb_build_object(
    'id', item.id,
    'workspace_id', item.organization_id,
    'title', item.title,
    'content_type', item.content_type,
    'status', case when tg_op = 'DELETE' then 'deleted' else item.status end,
    'excerpt', item.excerpt,
    'content', item.content,
    'featured_image_url', item.featured_image_url,
    'tags', to_jsonb(item.tags),
    'seo_title', item.seo_title,
    'seo_description', item.seo_description,
    'published_at', item.published_at,
    'updated_at', item.updated_at
  );
  if tg_op <> 'DELETE' and new.status = 'published' and (tg_op = 'INSERT' or old.status is distinct from 'published') then
    perform private.emit_webhook_event(new.organization_id, 'content.published',
      'content.published:' || new.id || ':' || coalesce(new.published_at::text, ''), data);
  elsif tg_op <> 'INSERT' and old.status = 'published' and (tg_op = 'DELETE' or new.status <> 'published') then
    perform private.emit_webhook_event(old.organization_id, 'content.unpublished',
      'content.unpublished:' || old.id || ':' || coalesce(old.published_at::text, ''), data);
  end if;
  return null;
end
$$;

revoke all on function private.emit_content_webhook_events() from public, anon, authenticated;

create trigger content_items_emit_webhook_events
  after insert or update of status or delete on public.content_items
  for each row execute function private.emit_content_webhook_events();
