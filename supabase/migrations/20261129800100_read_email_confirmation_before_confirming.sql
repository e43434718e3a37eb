-- The double opt-in link's page reads the subscription before anything is confirmed (decision 0020, session 15): it
-- confirmed when it loaded, so a mail scanner that opens links and runs their scripts confirmed subscriptions nobody
-- asked for. The page now shows the list and a "Confirm subscription" button, and only the button calls
-- public.confirm_email_subscription (unchanged: a POST of the data API, which no link-follower sends). This function
-- is what the page shows on load: the same link, the same refusals (P0001 invalid_token: not valid, expired, or
-- unsubscribed since), and nothing written — `pending` (awaits the click) or `already_confirmed`, with the names the
-- confirmation would show. Anyone with the link (anon): like the confirmation, it reveals the list's and workspace's
-- names and nothing of the contact.
create function public.email_confirmation(token text)
returns table (status text, list_name text, workspace_name text)
language plpgsql stable security definer
set search_path = ''
as $$
declare
  member public.email_list_members;
begin
  if token is null or char_length(token) not between 20 and 100 then
    raise exception 'This confirmation link is not valid.' using errcode = 'P0001', detail = 'invalid_token';
  end if;
  select m.* into member from public.email_list_members m where m.confirm_token_hash = private.email_token_hash(token);
  if member.list_id is null or (member.status = 'pending' and member.confirm_expires_at < now()) or member.status = 'unsubscribed' then
    raise exception 'This confirmation link is not valid or has expired: subscribe again to get a new one.'
      using errcode = 'P0001', detail = 'invalid_token';
  end if;
  return query
    select case when member.status = 'pending' then 'pending' else 'already_confirmed' end, l.name, o.name
    from public.email_lists l join public.organizations o on o.id = l.organization_id where l.id = member.list_id;
end
$$;

revoke all on function public.email_confirmation(text) from public;
grant execute on function public.email_confirmation(text) to anon, authenticated;
