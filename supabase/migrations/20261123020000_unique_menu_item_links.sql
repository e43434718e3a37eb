-- A link appears once in the site menu: two tabs (or a double click) adding the same URL no longer make two
-- identical entries that every visitor sees. Admin page numbers are unique since the table was created
-- (admin_pages_number_key), and a page's path follows from its number (admin_pages_path_matches_number).
--
-- Rows written before: of the entries sharing a link, the first in menu order stays (lowest sort_order, then the
-- oldest, then the lowest id); the others are removed.

delete from public.menu_items m
using public.menu_items keep
where keep.href = m.href
  and (keep.sort_order, keep.created_at, keep.id) < (m.sort_order, m.created_at, m.id);

alter table public.menu_items add constraint menu_items_href_key unique (href);
