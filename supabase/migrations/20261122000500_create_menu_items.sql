-- The site's navigation: public to read, site admins only to change.

create table public.menu_items (
  id uuid primary key default gen_random_uuid(),
  name text not null constraint menu_items_name_length check (char_length(btrim(name)) between 1 and 60),
  href text not null constraint menu_items_href_format check (
    char_length(href) <= 500 and (href ~ '^/[^\s]*$' or href ~* '^https?://[^\s]+$' or href ~* '^mailto:[^\s]+$')
  ),
  sort_order integer not null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index menu_items_sort_order_idx on public.menu_items (sort_order);

create trigger menu_items_set_updated_at
  before insert or update on public.menu_items
  for each row execute function private.set_updated_at();

alter table public.menu_items enable row level security;

revoke all on table public.menu_items from anon, authenticated;
grant select on table public.menu_items to anon, authenticated;
grant insert (name, href, sort_order), update (name, href, sort_order), delete on table public.menu_items to authenticated;
grant all on table public.menu_items to service_role;

create policy "Anyone reads the menu" on public.menu_items
  for select to anon, authenticated
  using (true);

create policy "Site admins add menu items" on public.menu_items
  for insert to authenticated
  with check ((select private.is_site_admin()));

create policy "Site admins change menu items" on public.menu_items
  for update to authenticated
  using ((select private.is_site_admin()))
  with check ((select private.is_site_admin()));

create policy "Site admins remove menu items" on public.menu_items
  for delete to authenticated
  using ((select private.is_site_admin()));

-- The four defaults, in one place for the seed and the reset.
create function private.default_menu_items()
returns table (name text, href text, sort_order integer)
language sql immutable
set search_path = ''
as $$
  values ('Home', '/', 1), ('Portfolio', '/portfolio', 2), ('About', '/about', 3), ('ROI', '/roi', 4)
$$;

insert into public.menu_items (name, href, sort_order)
select d.name, d.href, d.sort_order from private.default_menu_items() d;

-- Reset in one transaction: a failure leaves the previous menu in place.
-- Runs as the caller, so row-level security applies on top of the explicit check.
create function public.reset_menu_items()
returns setof public.menu_items
language plpgsql
set search_path = ''
as $$
begin
  if not private.is_site_admin() then
    raise exception 'permission denied for function reset_menu_items' using errcode = '42501';
  end if;
  delete from public.menu_items where true;
  insert into public.menu_items (name, href, sort_order)
  select d.name, d.href, d.sort_order from private.default_menu_items() d;
  return query select m.* from public.menu_items m order by m.sort_order;
end
$$;

revoke all on function public.reset_menu_items() from public, anon;
grant execute on function public.reset_menu_items() to authenticated, service_role;
