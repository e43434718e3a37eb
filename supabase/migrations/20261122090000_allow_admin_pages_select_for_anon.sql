-- Reading admin pages: every caller may ask, only site admins see rows.
--
-- The site configuration is loaded for every visitor (spec §7: GET admin_pages ordered by number), and a failed
-- load is only logged. Without this, an anonymous read is refused with 401 (no SELECT grant for anon) while a
-- signed-in user who is not a site admin gets an empty list: the answer depended on who asks, and an admin client
-- whose session had just ended turned the whole configuration load into a failure. Now both get 200 and an empty
-- list; writes stay granted to `authenticated` only and allowed by RLS to site admins only.

grant select on table public.admin_pages to anon;

alter policy "Site admins read admin pages" on public.admin_pages
  to anon, authenticated;
