-- The HTML of a content item's Markdown, rendered and sanitised by the server (server/src/modules/blog/, the same
-- code on our server and in `npm run worker` against a hosted database; docs/decisions/0014-public-blog.md). The
-- public blog serves this HTML and never the Markdown, on both backends; an item appears on its blog once it has
-- been rendered, and keeps its last rendering while a newer one is made.
--
-- Nothing here is exposed: the schema is not in the API's schemas and the API roles have no grant on the table.
-- Only the server writes it (as the database owner); the public functions read it.

create table private.content_item_html (
  content_item_id uuid primary key references public.content_items (id) on delete cascade,
  html text not null constraint content_item_html_length check (char_length(html) <= 2000000),
  -- md5 of the Markdown it was made from, and the renderer's version: a row is current while both match.
  source_md5 text not null constraint content_item_html_source_md5_format check (source_md5 ~ '^[0-9a-f]{32}$'),
  renderer text not null constraint content_item_html_renderer_length check (char_length(renderer) between 1 and 40),
  rendered_at timestamptz not null default now()
);

alter table private.content_item_html enable row level security;
revoke all on table private.content_item_html from public, anon, authenticated;
grant all on table private.content_item_html to service_role;
