-- Scheduled publishing (issue 26). A content item's planned_publish_at is a plan (the calendar shows it, "Overdue"
-- once past while unpublished); publish_on_schedule makes it a schedule: at that moment the job runner publishes it.
-- "Schedule Publishing" sets both; the content dialog's switch and the calendar's moves change them.
--
-- One `publish_content` job per scheduled item, keyed `content:<id>:publish`, kept by a trigger in the same
-- transaction as the change: rescheduling replaces the job (new run_at), unscheduling, publishing by hand, archiving
-- or deleting the item removes it. The job names the workspace and the moment it was scheduled for, and publishes
-- through private.publish_scheduled_content, which checks both against the row: a job of another workspace's item
-- is refused, a job whose moment is no longer the plan (rescheduled while it ran) does nothing.
--
-- Every change of an item into or out of Published records a durable event in private.workspace_events
-- ('content.published', 'content.unpublished'), whoever made it (the job, a member, a deletion); tasks subscribe to
-- event types in private.workspace_event_subscribers and get one job per event (docs/decisions/0013-job-runner.md,
-- "Events").

alter table public.content_items add column publish_on_schedule boolean not null default false;
grant insert (publish_on_schedule), update (publish_on_schedule) on table public.content_items to authenticated;

-- A schedule needs a moment and something left to publish: without a planned moment, or once published or archived,
-- the flag clears itself (so clearing the date, or publishing by hand, unschedules).
create function private.normalize_content_schedule() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if new.planned_publish_at is null or new.status in ('published', 'archived') then
    new.publish_on_schedule := false;
  end if;
  return new;
end
$$;

revoke all on function private.normalize_content_schedule() from public, anon, authenticated;

create trigger content_items_normalize_schedule
  before insert or update of planned_publish_at, publish_on_schedule, status on public.content_items
  for each row execute function private.normalize_content_schedule();

create function private.content_publish_job_key(item_id uuid) returns text
language sql immutable
set search_path = ''
as $$
  select 'content:' || item_id::text || ':publish'
$$;

-- Keeps the item's publish job in step with the row.
create function private.sync_content_publish_job() returns trigger
language plpgsql volatile security definer
set search_path = ''
as $$
begin
  if tg_op <> 'DELETE' and new.publish_on_schedule then
    if tg_op = 'INSERT' or not old.publish_on_schedule or old.planned_publish_at is distinct from new.planned_publish_at then
      perform private.enqueue_job(
        'publish_content',
        jsonb_build_object('workspace_id', new.organization_id, 'content_item_id', new.id, 'planned_publish_at', new.planned_publish_at),
        new.planned_publish_at,
        private.content_publish_job_key(new.id),
        5
      );
    end if;
  elsif tg_op <> 'INSERT' and old.publish_on_schedule then
    perform private.cancel_job(private.content_publish_job_key(old.id));
  end if;
  return null;
end
$$;

revoke all on function private.sync_content_publish_job() from public, anon, authenticated;

create trigger content_items_sync_publish_job
  after insert or update of planned_publish_at, publish_on_schedule, status or delete on public.content_items
  for each row execute function private.sync_content_publish_job();

-- Durable events of a workspace: what other tasks (webhooks, the public blog) act on. Written only by triggers and
-- functions of the database; read by tasks through the worker's connection. Not exposed to the API.
create table private.workspace_events (
  id bigint generated always as identity primary key,
  -- No foreign key: the event of an item deleted with its workspace must not stop the deletion.
  workspace_id uuid not null,
  type text not null constraint workspace_events_type_format check (type ~ '^[a-z][a-z_]*\.[a-z][a-z_]*$'),
  subject_id uuid,
  payload jsonb not null default '{}'::jsonb,
  occurred_at timestamptz not null default now()
);
create index workspace_events_workspace_id_idx on private.workspace_events (workspace_id, id desc);

-- Which task runs for which event type: one row per subscription, added by the migration of the task's feature, e.g.
--   insert into private.workspace_event_subscribers (event_type, task) values ('content.published', 'deliver_webhooks');
create table private.workspace_event_subscribers (
  event_type text not null constraint workspace_event_subscribers_type_format check (event_type ~ '^[a-z][a-z_]*\.[a-z][a-z_]*$'),
  task text not null constraint workspace_event_subscribers_task_format check (task ~ '^[a-z][a-z0-9_]{0,62}$'),
  primary key (event_type, task)
);

revoke all on table private.workspace_events, private.workspace_event_subscribers from public, anon, authenticated;
grant all on table private.workspace_events, private.workspace_event_subscribers to service_role;

-- Records an event and queues one job per subscribed task, in the caller's transaction, each keyed
-- `event:<id>:<task>` with payload {workspace_id, event_id}. Returns the event's id.
create function private.record_workspace_event(workspace_id uuid, type text, subject_id uuid, payload jsonb default '{}'::jsonb)
returns bigint
language plpgsql volatile security definer
set search_path = ''
as $$
declare
  event_id bigint;
  subscriber text;
begin
  insert into private.workspace_events (workspace_id, type, subject_id, payload)
  values (record_workspace_event.workspace_id, record_workspace_event.type, record_workspace_event.subject_id, coalesce(record_workspace_event.payload, '{}'::jsonb))
  returning id into event_id;
  for subscriber in select s.task from private.workspace_event_subscribers s where s.event_type = record_workspace_event.type order by s.task loop
    perform private.enqueue_job(
      subscriber,
      jsonb_build_object('workspace_id', record_workspace_event.workspace_id, 'event_id', event_id),
      now(),
      'event:' || event_id || ':' || subscriber
    );
  end loop;
  return event_id;
end
$$;

revoke all on function private.record_workspace_event(uuid, text, uuid, jsonb) from public, anon, authenticated;

-- content.published when an item becomes Published (inserted as published, or its status changed to it);
-- content.unpublished when a published item changes to another status or is deleted.
create function private.record_content_publication_event() returns trigger
language plpgsql volatile security definer
set search_path = ''
as $$
declare
  item public.content_items := case when tg_op = 'DELETE' then old else new end;
begin
  if tg_op <> 'DELETE' and new.status = 'published' and (tg_op = 'INSERT' or old.status is distinct from 'published') then
    perform private.record_workspace_event(new.organization_id, 'content.published', new.id,
      jsonb_build_object('content_item_id', new.id, 'title', new.title, 'published_at', new.published_at));
  elsif tg_op <> 'INSERT' and old.status = 'published' and (tg_op = 'DELETE' or new.status is distinct from 'published') then
    -- An item deleted with its whole workspace leaves no event: nobody is left to tell.
    if tg_op = 'UPDATE' or exists (select 1 from public.organizations o where o.id = item.organization_id) then
      perform private.record_workspace_event(item.organization_id, 'content.unpublished', item.id,
        jsonb_build_object('content_item_id', item.id, 'title', item.title, 'reason', case when tg_op = 'DELETE' then 'deleted' else item.status end));
    end if;
  end if;
  return null;
end
$$;

revoke all on function private.record_content_publication_event() from public, anon, authenticated;

create trigger content_items_record_publication_event
  after insert or update of status or delete on public.content_items
  for each row execute function private.record_content_publication_event();

-- What the publish_content job calls. The workspace in the job's payload must be the item's: a job of workspace A
-- naming an item of workspace B is refused (42501, 'foreign_content_item') and changes nothing. Publishes only an item
-- that is still scheduled for exactly that moment and still unpublished; otherwise reports why it did nothing:
-- 'published', 'gone' (deleted), 'unscheduled', 'rescheduled', 'already_published' (or archived), 'not_due'.
create function private.publish_scheduled_content(workspace_id uuid, content_item_id uuid, planned_publish_at timestamptz)
returns text
language plpgsql volatile security definer
set search_path = ''
as $$
declare
  item public.content_items;
begin
  if workspace_id is null or content_item_id is null or planned_publish_at is null then
    raise exception 'publish_scheduled_content: workspace, item and moment are required' using errcode = '22023';
  end if;
  select * into item from public.content_items c where c.id = publish_scheduled_content.content_item_id for update;
  if not found then
    return 'gone';
  end if;
  if item.organization_id <> publish_scheduled_content.workspace_id then
    raise exception 'content item % does not belong to workspace %', content_item_id, workspace_id
      using errcode = '42501', detail = 'foreign_content_item';
  end if;
  if item.status not in ('draft', 'review') then
    return 'already_published';
  elsif not item.publish_on_schedule then
    return 'unscheduled';
  elsif item.planned_publish_at is distinct from publish_scheduled_content.planned_publish_at then
    return 'rescheduled';
  elsif item.planned_publish_at > now() + interval '1 second' then
    return 'not_due';
  end if;
  update public.content_items c set status = 'published'
  where c.id = item.id and c.organization_id = publish_scheduled_content.workspace_id;
  return 'published';
end
$$;

revoke all on function private.publish_scheduled_content(uuid, uuid, timestamptz) from public, anon, authenticated;

-- The calendar asks for scheduled items among the planned ones.
create index content_items_publish_on_schedule_idx on public.content_items (planned_publish_at)
  where publish_on_schedule;
