-- The admin test pages: only site admins read or change them.

create table public.admin_pages (
  id uuid primary key default gen_random_uuid(),
  number integer not null unique constraint admin_pages_number_range check (number between 1 and 10000),
  title text not null constraint admin_pages_title_length check (char_length(btrim(title)) between 1 and 120),
  path text not null constraint admin_pages_path_matches_number check (path = '/admin/page-' || number),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

create trigger admin_pages_set_updated_at
  before insert or update on public.admin_pages
  for each row execute function private.set_updated_at();

alter table public.admin_pages enable row level security;

revoke all on table public.admin_pages from anon, authenticated;
grant select, insert (number, title, path), update (title), delete on table public.admin_pages to authenticated;
grant all on table public.admin_pages to service_role;

create policy "Site admins read admin pages" on public.admin_pages
  for select to authenticated
  using ((select private.is_site_admin()));

create policy "Site admins add admin pages" on public.admin_pages
  for insert to authenticated
  with check ((select private.is_site_admin()));

create policy "Site admins change admin pages" on public.admin_pages
  for update to authenticated
  using ((select private.is_site_admin()))
  with check ((select private.is_site_admin()));

create policy "Site admins remove admin pages" on public.admin_pages
  for delete to authenticated
  using ((select private.is_site_admin()));

create function private.default_admin_pages()
returns table (number integer, title text, path text)
language sql immutable
set search_path = ''
as $$
  select n, case when n = 1 then 'THE TEST LAB' else 'Page ' || n end, '/admin/page-' || n
  from generate_series(1, 20) as n
$$;

insert into public.admin_pages (number, title, path)
select d.number, d.title, d.path from private.default_admin_pages() d;

create function public.reset_admin_pages()
returns setof public.admin_pages
language plpgsql
set search_path = ''
as $$
begin
  if not private.is_site_admin() then
    raise exception 'permission denied for function reset_admin_pages' using errcode = '42501';
  end if;
  delete from public.admin_pages where true;
  insert into public.admin_pages (number, title, path)
  select d.number, d.title, d.path from private.default_admin_pages() d;
  return query select p.* from public.admin_pages p order by p.number;
end
$$;

revoke all on function public.reset_admin_pages() from public, anon;
grant execute on function public.reset_admin_pages() to authenticated, service_role;
