-- The public blog's HTML rendered by the job runner (docs/decisions/0014-public-blog.md): the server's Markdown
-- renderer and sanitiser run in every worker, so on hosted Supabase `npm run worker` makes published items appear on
-- their blog, as our server does.
--
-- One `render_content_html` job per item whose public HTML needs making, keyed `content:<id>:render` (edits in a
-- row, before it runs, make one job), payload {workspace_id, content_item_id}: queued in the same transaction as the
-- change when an item that is, or is scheduled to be, public
--   - is inserted, or gets new Markdown (content);
--   - becomes Published (by hand, by its publish_content job, inserted so);
--   - is scheduled to publish (its HTML is then ready when its moment comes).
-- The title, excerpt, tags and SEO fields are not part of the HTML (the public functions read them from the row), so
-- their changes need no rendering. Items no job covers (published before this migration, a new renderer version)
-- are the sweep's: `render_stale_content_html`, queued by every worker at start and hourly (server/src/jobs/).

create function private.content_render_job_key(item_id uuid) returns text
language sql immutable
set search_path = ''
as $$
  select 'content:' || item_id::text || ':render'
$$;

create function private.queue_content_rendering() returns trigger
language plpgsql volatile security definer
set search_path = ''
as $$
begin
  if (new.status = 'published' or new.publish_on_schedule)
    and (tg_op = 'INSERT'
      or old.content is distinct from new.content
      or (new.status = 'published' and old.status is distinct from 'published')
      or (new.publish_on_schedule and not old.publish_on_schedule)) then
    perform private.enqueue_job(
      'render_content_html',
      jsonb_build_object('workspace_id', new.organization_id, 'content_item_id', new.id),
      now(),
      private.content_render_job_key(new.id),
      5
    );
  end if;
  return null;
end
$$;

revoke all on function private.content_render_job_key(uuid), private.queue_content_rendering() from public, anon, authenticated;

create trigger content_items_queue_rendering
  after insert or update of content, status, publish_on_schedule on public.content_items
  for each row execute function private.queue_content_rendering();
