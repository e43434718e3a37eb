-- A campaign's lists are lists of its own workspace when they are written, not only when it is sent (issue 28: a
-- draft could name another workspace's list id; sending refused it, but the draft kept it). A list id added on insert
-- or update must be a list of the campaign's workspace, else P0001 `unknown_lists` with the words the send function
-- uses. Ids already on the campaign are left as they are (a list deleted since is refused when the campaign is sent).
create function private.check_email_campaign_lists() returns trigger
language plpgsql stable security definer
set search_path = ''
as $$
declare
  added uuid[] := array(
    select l from unnest(new.list_ids) l
    where tg_op = 'INSERT' or not l = any(old.list_ids)
  );
begin
  if cardinality(added) > 0 and exists (
    select 1 from unnest(added) l
    where not exists (select 1 from public.email_lists el where el.id = l and el.organization_id = new.organization_id)
  ) then
    raise exception 'Some of these lists do not exist in this workspace.' using errcode = 'P0001', detail = 'unknown_lists';
  end if;
  return new;
end
$$;

revoke all on function private.check_email_campaign_lists() from public, anon, authenticated;

create trigger email_campaigns_check_lists
  before insert or update of list_ids, organization_id on public.email_campaigns
  for each row execute function private.check_email_campaign_lists();
