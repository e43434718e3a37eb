-- A menu link starting with // (or /\, which browsers read the same way) leaves the site while looking like
-- an in-app path: only a single leading slash counts as a path of this site.

alter table public.menu_items drop constraint menu_items_href_format;

alter table public.menu_items add constraint menu_items_href_format check (
  char_length(href) <= 500
  and (href ~ '^/([^/\\\s][^\s]*)?$' or href ~* '^https?://[^\s]+$' or href ~* '^mailto:[^\s]+$')
);
