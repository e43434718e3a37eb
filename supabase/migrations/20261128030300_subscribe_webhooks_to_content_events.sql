-- content.published and content.unpublished as webhooks. The job runner's content trigger records each change of an
-- item into or out of Published as a workspace event, in the transaction of the change, and queues one job per
-- subscribed task (private.record_workspace_event, docs/decisions/0013-job-runner.md "Events"); deliver_webhooks
-- subscribes here: its job turns the event into a webhook message and the deliveries of the workspace's endpoints,
-- then sends them (docs/decisions/0015-outgoing-webhooks.md).

insert into private.workspace_event_subscribers (event_type, task)
values ('content.published', 'deliver_webhooks'), ('content.unpublished', 'deliver_webhooks');

-- A workspace event as a webhook message: the item as it is now (its status as the event says), or what the event
-- kept of an item deleted since. Keyed by the event: a job that runs twice records one message. An event of another
-- workspace than the job's is refused (42501 foreign_event) and records nothing.
create function private.emit_webhooks_for_workspace_event(workspace_id uuid, event_id bigint) returns text
language plpgsql volatile security definer
set search_path = ''
as $$
declare
  event private.workspace_events;
  item public.content_items;
  data jsonb;
begin
  select * into event from private.workspace_events e where e.id = emit_webhooks_for_workspace_event.event_id;
  if not found then
    return null;
  end if;
  if event.workspace_id <> emit_webhooks_for_workspace_event.workspace_id then
    raise exception 'event % does not belong to workspace %', event_id, workspace_id using errcode = '42501', detail = 'foreign_event';
  end if;
  if event.type not in ('content.published', 'content.unpublished') then
    return null;
  end if;
  select * into item from public.content_items c where c.id = event.subject_id and c.organization_id = event.workspace_id;
  if found then
    data := jsonb_build_object(
      'id', item.id, 'workspace_id', item.organization_id, 'title', item.title, 'content_type', item.content_type,
      'status', case when event.type = 'content.published' then 'published' else item.status end,
      'excerpt', item.excerpt, 'content', item.content, 'featured_image_url', item.featured_image_url,
      'tags', to_jsonb(item.tags), 'seo_title', item.seo_title, 'seo_description', item.seo_description,
      'published_at', item.published_at, 'updated_at', item.updated_at);
  else
    data := jsonb_build_object('id', event.subject_id, 'workspace_id', event.workspace_id, 'title', event.payload ->> 'title', 'status', 'deleted');
  end if;
  return private.emit_webhook_event(event.workspace_id, event.type, 'workspace_event:' || event.id, data);
end
$$;

revoke all on function private.emit_webhooks_for_workspace_event(uuid, bigint) from public, anon, authenticated;
