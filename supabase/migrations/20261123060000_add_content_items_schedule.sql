-- The editorial calendar: a content item's planned publish moment, and when it was first published (for "published
-- this month"). Members set the plan (insert/update grants); the first-published moment is kept by a trigger.

alter table public.content_items
  add column planned_publish_at timestamptz
    constraint content_items_planned_publish_at_range check (planned_publish_at between '2000-01-01' and '2100-01-01'),
  add column published_at timestamptz;

-- Items published before this migration count from their last change: the best moment known.
update public.content_items set published_at = updated_at where status = 'published';

create function private.stamp_content_published_at() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if new.status = 'published' and (tg_op = 'INSERT' or old.status is distinct from 'published') then
    new.published_at := now();
  elsif tg_op = 'UPDATE' then
    new.published_at := old.published_at; -- never set by a client
  else
    new.published_at := null;
  end if;
  return new;
end
$$;

revoke all on function private.stamp_content_published_at() from public, anon, authenticated;

create trigger content_items_stamp_published_at
  before insert or update of status on public.content_items
  for each row execute function private.stamp_content_published_at();

grant insert (planned_publish_at), update (planned_publish_at) on table public.content_items to authenticated;

-- The calendar reads a workspace's items by planned moment; the overview counts them by status and publish moment.
create index content_items_organization_id_planned_publish_at_idx
  on public.content_items (organization_id, planned_publish_at) where planned_publish_at is not null;
create index content_items_organization_id_status_published_at_idx
  on public.content_items (organization_id, status, published_at);
