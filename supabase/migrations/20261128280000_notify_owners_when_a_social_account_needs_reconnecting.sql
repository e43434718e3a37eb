-- Issue 30: "a broken account shows Reconnect … and the owner is notified once". When a connected social account
-- turns to `reconnect` (a publish job's 401: the network refused its password or token), the workspace's owners
-- and the member who connected it get one in-app notice (member_notices, kind `social_reconnect`). Once per
-- breakage: posts failing on the broken account add nothing, nor does a reconnect attempt refused again (the
-- person trying sees that in the Social Hub); an account reconnected and broken again notifies again. The notice
-- names the account and the network's answer only.
create function private.notify_social_account_reconnect() returns trigger
language plpgsql security definer
set search_path = ''
as $$
begin
  insert into public.member_notices (organization_id, user_id, kind, title, body)
  select new.organization_id, m.user_id, 'social_reconnect',
    left('Reconnect ' || new.display_name, 200),
    left(
      'The ' || case new.network when 'bluesky' then 'Bluesky' when 'mastodon' then 'Mastodon' when 'webhook' then 'webhook'
        else new.network end
      || ' account ' || new.display_name || ' stopped working'
      || coalesce(' (' || nullif(btrim(new.status_message), '') || ')', '')
      || '. Its posts are not sent until someone reconnects it in the Social Hub.',
      2000)
  from public.organization_members m
  where m.organization_id = new.organization_id
    and (m.role = 'owner' or m.user_id = new.created_by);
  return null;
end;
$$;
revoke all on function private.notify_social_account_reconnect() from public, anon, authenticated;

create trigger social_accounts_notify_reconnect
  after update of status on public.social_accounts
  for each row
  when (old.status = 'connected' and new.status = 'reconnect')
  execute function private.notify_social_account_reconnect();
