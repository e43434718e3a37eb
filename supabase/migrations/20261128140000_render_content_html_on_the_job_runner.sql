-- The public blog's HTML rendered by the job runner (docs/decisions/0014-public-blog.md): the server's Markdown
-- renderer and sanitiser run in every worker, so on hosted Supabase `npm run worker` makes published items appear on
-- their blog, as our server does.
--
-- One `render_content_html` job per published item whose HTML needs making, keyed `content:<id>:render` (edits in a
-- row, before it runs, make one job), payload {workspace_id, content_item_id}: queued in the same transaction as the
-- change when a published item is inserted, gets new Markdown (content) or becomes Published by a member's hand —
-- unless its stored HTML was already made from that very Markdown. A scheduled item's publish_content job renders it
-- just before it publishes it (server/src/jobs/tasks/publish-content.ts), so it needs no job of its own and appears on
-- its blog the moment it is published. The title, excerpt, tags and SEO fields are not part of the HTML (the public
-- functions read them from the row): their changes need no rendering. Items no job covers (published before this
-- migration, a new renderer version) are the sweep's: `render_stale_content_html`, queued by every worker at start
-- and hourly (server/src/jobs/schedules.ts).

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
  if new.status = 'published'
    and (tg_op = 'INSERT' or old.content is distinct from new.content or old.status is distinct from 'published')
    and not exists (
      select 1 from private.content_item_html h where h.content_item_id = new.id and h.source_md5 = md5(coalesce(new.content, ''))
    ) then
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
  after insert or update of content, status on public.content_items
  for each row execute function private.queue_content_rendering();
