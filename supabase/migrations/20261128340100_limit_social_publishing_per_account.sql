-- Social Hub (issue 30, point 5): publishing per account within its network's rate limits, and a 429 that holds one
-- account without delaying the others (docs/decisions/0022-social-hub.md, 2026-11-28 rate limits).
--
-- The limits live in configuration (server/src/modules/social/network-limits.ts, Mixpost-style): the publishing job
-- passes its network's windows to private.take_social_publishing_turn before claiming a channel. An account that has
-- used a window up, or that its network answered 429 (private.hold_social_account), makes its own channels wait
-- (the job comes back at the moment the window frees), saying so on the post; other accounts' jobs run meanwhile,
-- since every channel has its own job. Private tables: no grant to the browser's roles.

create table private.social_account_sends (
  account_id uuid not null references public.social_accounts (id) on delete cascade,
  sent_at timestamptz not null default now()
);
create index social_account_sends_account_idx on private.social_account_sends (account_id, sent_at desc);

create table private.social_account_holds (
  account_id uuid primary key references public.social_accounts (id) on delete cascade,
  until timestamptz not null,
  reason text not null constraint social_account_holds_reason_length check (char_length(reason) <= 1000)
);

revoke all on table private.social_account_sends, private.social_account_holds from public, anon, authenticated;

-- Before a channel is claimed: null when its account may send now (the send is counted), else the moment it may, with
-- the reason written on the channel ("Waiting: …"). `limits`: [{"max": 30, "seconds": 300, "label": "…"}, …].
-- Only a channel that is scheduled and due counts; anything else is left to the claim (null).
create function private.take_social_publishing_turn(workspace_id uuid, channel_id uuid, limits jsonb)
returns timestamptz
language plpgsql volatile security definer
set search_path = ''
as $$
declare
  channel public.social_post_channels;
  moment timestamptz;
  wait_until timestamptz;
  reason text;
  hold private.social_account_holds;
  window_limit jsonb;
  candidate timestamptz;
begin
  select * into channel from public.social_post_channels c where c.id = take_social_publishing_turn.channel_id;
  if not found then
    return null;
  end if;
  if channel.organization_id <> take_social_publishing_turn.workspace_id then
    raise exception 'social post channel % does not belong to workspace %', channel_id, workspace_id using errcode = '42501', detail = 'foreign_social_post';
  end if;
  select p.scheduled_at into moment from public.social_posts p where p.id = channel.post_id;
  if channel.status <> 'scheduled' or moment is null or moment > now() then
    return null;
  end if;
  -- One account's turns are counted one at a time, across workers.
  perform pg_advisory_xact_lock(hashtextextended('social-account:' || channel.account_id::text, 0));
  select * into hold from private.social_account_holds h where h.account_id = channel.account_id;
  if found and hold.until > now() then
    wait_until := hold.until;
    reason := hold.reason;
  end if;
  for window_limit in select value from jsonb_array_elements(coalesce(limits, '[]'::jsonb)) loop
    select s.sent_at + make_interval(secs => (window_limit ->> 'seconds')::integer) into candidate
    from private.social_account_sends s
    where s.account_id = channel.account_id and s.sent_at > now() - make_interval(secs => (window_limit ->> 'seconds')::integer)
    order by s.sent_at desc
    offset greatest((window_limit ->> 'max')::integer - 1, 0) limit 1;
    if candidate is not null and (wait_until is null or candidate > wait_until) then
      wait_until := candidate;
      reason := window_limit ->> 'label';
    end if;
  end loop;
  if wait_until is not null then
    update public.social_post_channels c
    set result_message = left('Waiting: ' || reason || '. It goes out after '
      || to_char(wait_until at time zone 'UTC', 'YYYY-MM-DD HH24:MI:SS') || ' UTC.', 2000)
    where c.id = channel.id and c.status = 'scheduled';
    return wait_until;
  end if;
  insert into private.social_account_sends (account_id) values (channel.account_id);
  delete from private.social_account_sends s where s.account_id = channel.account_id and s.sent_at < now() - interval '2 days';
  delete from private.social_account_holds h where h.account_id = channel.account_id;
  update public.social_post_channels c set result_message = null
  where c.id = channel.id and c.result_message like 'Waiting: %';
  return null;
end
$$;

-- The network answered 429 to a channel being sent (so it did not publish it): the channel goes back to scheduled,
-- saying why and when, and its account is held until then (its other channels wait too; other accounts do not).
create function private.hold_social_account(workspace_id uuid, channel_id uuid, until timestamptz, message text)
returns boolean
language plpgsql volatile security definer
set search_path = ''
as $$
declare
  channel public.social_post_channels;
begin
  update public.social_post_channels c set status = 'scheduled', attempted_at = null,
    result_message = left('Waiting: ' || hold_social_account.message || '. It goes out after '
      || to_char(hold_social_account.until at time zone 'UTC', 'YYYY-MM-DD HH24:MI:SS') || ' UTC.', 2000)
  where c.id = hold_social_account.channel_id and c.organization_id = hold_social_account.workspace_id and c.status = 'attempting'
  returning * into channel;
  if not found then
    return false;
  end if;
  insert into private.social_account_holds as h (account_id, until, reason)
  values (channel.account_id, hold_social_account.until, left(hold_social_account.message, 1000))
  on conflict (account_id) do update set until = greatest(h.until, excluded.until), reason = excluded.reason;
  return true;
end
$$;

revoke all on function private.take_social_publishing_turn(uuid, uuid, jsonb), private.hold_social_account(uuid, uuid, timestamptz, text)
  from public, anon, authenticated;
