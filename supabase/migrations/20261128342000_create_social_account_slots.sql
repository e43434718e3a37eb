-- Social Hub calendar and queue (issue 30, point 3), part 1: an account's posting slots ("9:00 and 17:00 on
-- weekdays"), as weekday + local time in the workspace's time zone. The composer's "Next free slot" picks the first
-- slot after now that none of the account's scheduled posts takes (src/features/social/utils/next-free-slot.ts).
-- Decision record: docs/decisions/0022-social-hub.md (2026-11-28, calendar and queue).
--
-- Who: everyone in the workspace reads; members, admins and owners add and remove slots directly (the table holds
-- nothing that needs a function's checks); viewers and other workspaces cannot. A slot's account belongs to the
-- slot's workspace (composite foreign key): a slot can never point at another workspace's account.

create table public.social_account_slots (
  id uuid primary key default gen_random_uuid(),
  organization_id uuid not null references public.organizations (id) on delete cascade,
  account_id uuid not null,
  -- ISO weekday: 1 Monday … 7 Sunday.
  weekday smallint not null constraint social_account_slots_weekday_check check (weekday between 1 and 7),
  local_time time not null constraint social_account_slots_whole_minute check (date_trunc('minute', local_time) = local_time),
  created_at timestamptz not null default now(),
  foreign key (account_id, organization_id) references public.social_accounts (id, organization_id) on delete cascade,
  unique (account_id, weekday, local_time)
);
create index social_account_slots_organization_id_idx on public.social_account_slots (organization_id);

-- At most 100 slots per account (14 a day for a week): enough for any plan, and a bound on a careless script.
create function private.limit_social_account_slots() returns trigger
language plpgsql volatile security definer
set search_path = ''
as $$
begin
  perform 1 from public.social_accounts a where a.id = new.account_id for update;
  if (select count(*) from public.social_account_slots s where s.account_id = new.account_id) >= 100 then
    raise exception 'An account has at most 100 time slots.' using errcode = 'P0001', detail = 'too_many_slots';
  end if;
  return new;
end
$$;
revoke all on function private.limit_social_account_slots() from public;

create trigger social_account_slots_limit
  before insert on public.social_account_slots
  for each row execute function private.limit_social_account_slots();

alter table public.social_account_slots enable row level security;
revoke all on table public.social_account_slots from anon, authenticated;
grant select, insert, delete on table public.social_account_slots to authenticated;
grant all on table public.social_account_slots to service_role;

create policy "Members read their workspace's posting slots" on public.social_account_slots
  for select to authenticated
  using (organization_id in (select private.current_user_organization_ids()));

create policy "Members add posting slots to their workspace's accounts" on public.social_account_slots
  for insert to authenticated
  with check (organization_id in (select private.organization_ids_with_role('member')));

create policy "Members remove their workspace's posting slots" on public.social_account_slots
  for delete to authenticated
  using (organization_id in (select private.organization_ids_with_role('member')));
