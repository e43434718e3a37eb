-- Approval links (issue 30, point 4): an admin or owner shares a post awaiting approval with an outside reviewer, who
-- needs no account. A link is for one post and one revision of its content, valid 7 days, single-use; sharing the
-- post again replaces it. Its reviewer sees that post's versions (per account: network, account name, text) and
-- its moment, nothing else of the workspace, and approves or requests changes with a comment.
--
-- Tokens as the invitations' (20261123050300): 32 random bytes as 43 base64url characters, stored only as their
-- SHA-256 in private.social_approval_tokens, which no API role reads. Admins and owners only make links: a member
-- who could make one could approve their own post through it. At most 50 links per workspace per hour.
--
-- A link's status: pending, used (decided through it), revoked (replaced by a newer link), expired, changed (the post
-- changed since), closed (the post was decided in the app or otherwise no longer waits). Errors of
-- decide_social_approval: approval_link_invalid | _used | _revoked | _expired | _changed | _closed.

create table public.social_approval_links (
  id uuid primary key default gen_random_uuid(),
  organization_id uuid not null,
  post_id uuid not null,
  post_revision integer not null,
  created_by uuid references auth.users (id) on delete set null,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null default now() + interval '7 days',
  used_at timestamptz,
  revoked_at timestamptz,
  foreign key (post_id, organization_id) references public.social_posts (id, organization_id) on delete cascade,
  constraint social_approval_links_single_outcome check (used_at is null or revoked_at is null)
);
create index social_approval_links_post_id_idx on public.social_approval_links (post_id, created_at desc);
create index social_approval_links_organization_id_idx on public.social_approval_links (organization_id, created_at desc);

create table private.social_approval_tokens (
  token_hash bytea primary key constraint social_approval_tokens_hash_length check (octet_length(token_hash) = 32),
  link_id uuid not null unique references public.social_approval_links (id) on delete cascade
);

alter table public.social_approval_links enable row level security;
revoke all on table public.social_approval_links from anon, authenticated;
grant select on table public.social_approval_links to authenticated;
grant all on table public.social_approval_links to service_role;
revoke all on table private.social_approval_tokens from public, anon, authenticated;
grant all on table private.social_approval_tokens to service_role;

create policy "Members read their workspace's approval links" on public.social_approval_links
  for select to authenticated
  using (organization_id in (select private.current_user_organization_ids()));

create function private.social_approval_link_status(link public.social_approval_links, post public.social_posts) returns text
language sql stable
set search_path = ''
as $$
  select case
    when link.used_at is not null then 'used'
    when link.revoked_at is not null then 'revoked'
    when link.expires_at <= now() then 'expired'
    when post.revision <> link.post_revision then 'changed'
    when post.approval_status is distinct from 'awaiting' then 'closed'
    else 'pending'
  end
$$;

-- The link a token belongs to (none for an unknown or malformed token).
create function private.social_approval_link_of_token(token text) returns uuid
language sql stable security definer
set search_path = ''
as $$
  select t.link_id from private.social_approval_tokens t
  where token is not null and char_length(token) between 20 and 200
    and t.token_hash = private.hash_invitation_token(token)
$$;

-- A new link for a post awaiting approval; the token in clear, once.
create function public.share_social_post_for_approval(post_id uuid)
returns table (link_id uuid, token text, expires_at timestamptz)
language plpgsql volatile security definer
set search_path = ''
as $$
declare
  post public.social_posts;
  link public.social_approval_links;
  secret text := translate(encode(uuid_send(gen_random_uuid()) || uuid_send(gen_random_uuid()), 'base64'), '+/=', '-_');
begin
  select * into post from public.social_posts p where p.id = share_social_post_for_approval.post_id for update;
  if not found or private.workspace_role(post.organization_id) is null then
    if (select auth.uid()) is null then
      raise exception 'Sign in first.' using errcode = '42501', detail = 'not_signed_in';
    end if;
    raise exception 'This post does not exist (any more).' using errcode = 'P0001', detail = 'unknown_post';
  end if;
  perform private.require_workspace_role(post.organization_id, 'admin');
  if post.approval_status is distinct from 'awaiting' then
    raise exception 'Only a post waiting for approval can be shared for approval.' using errcode = 'P0001', detail = 'not_awaiting_approval';
  end if;
  perform 1 from public.organizations o where o.id = post.organization_id for no key update;
  if (select count(*) from public.social_approval_links l
      where l.organization_id = post.organization_id and l.created_at > now() - interval '1 hour') >= 50 then
    raise exception 'This workspace has made 50 approval links in the last hour: please try again later.'
      using errcode = 'PT429', detail = 'too_many_approval_links';
  end if;
  update public.social_approval_links l set revoked_at = now()
  where l.post_id = post.id and l.used_at is null and l.revoked_at is null;
  insert into public.social_approval_links (organization_id, post_id, post_revision, created_by)
  values (post.organization_id, post.id, post.revision, (select auth.uid()))
  returning * into link;
  insert into private.social_approval_tokens (token_hash, link_id) values (private.hash_invitation_token(secret), link.id);
  return query select link.id, secret, link.expires_at;
end
$$;

-- What the reviewer's page shows: for a pending link the post's moment and its versions, else the status alone (an
-- unknown token is 'invalid'). Always one row; never the workspace's name, people or other posts.
create function public.get_social_approval(token text)
returns table (status text, scheduled_at timestamptz, expires_at timestamptz, variants jsonb)
language plpgsql stable security definer
set search_path = ''
as $$
declare
  link public.social_approval_links;
  post public.social_posts;
  link_status text;
begin
  select * into link from public.social_approval_links l where l.id = private.social_approval_link_of_token(get_social_approval.token);
  if not found then
    return query select 'invalid'::text, null::timestamptz, null::timestamptz, null::jsonb;
    return;
  end if;
  select * into post from public.social_posts p where p.id = link.post_id;
  link_status := private.social_approval_link_status(link, post);
  if link_status <> 'pending' then
    return query select link_status, null::timestamptz, null::timestamptz, null::jsonb;
    return;
  end if;
  return query select link_status, post.scheduled_at, link.expires_at, coalesce((
    select jsonb_agg(jsonb_build_object('network', a.network, 'account', a.display_name, 'body', c.body) order by a.network, a.display_name, c.id)
    from public.social_post_channels c join public.social_accounts a on a.id = c.account_id
    where c.post_id = post.id
  ), '[]'::jsonb);
end
$$;

-- The reviewer's decision (anyone holding the link): approve, or request changes with a comment. Returns the post's
-- new approval status.
create function public.decide_social_approval(token text, decision text, comment text default null, reviewer_name text default null)
returns text
language plpgsql volatile security definer
set search_path = ''
as $$
declare
  link public.social_approval_links;
  post public.social_posts;
  link_status text;
begin
  select * into link from public.social_approval_links l
  where l.id = private.social_approval_link_of_token(decide_social_approval.token) for update;
  if not found then
    raise exception 'This approval link is not valid.' using errcode = 'P0001', detail = 'approval_link_invalid';
  end if;
  select * into post from public.social_posts p where p.id = link.post_id for update;
  link_status := private.social_approval_link_status(link, post);
  if link_status = 'used' then
    raise exception 'This approval link has already been used.' using errcode = 'P0001', detail = 'approval_link_used';
  elsif link_status = 'revoked' then
    raise exception 'This approval link was replaced by a newer one.' using errcode = 'P0001', detail = 'approval_link_revoked';
  elsif link_status = 'expired' then
    raise exception 'This approval link has expired.' using errcode = 'P0001', detail = 'approval_link_expired';
  elsif link_status = 'changed' then
    raise exception 'The post has changed since this link was made: ask for a new link.' using errcode = 'P0001', detail = 'approval_link_changed';
  elsif link_status = 'closed' then
    raise exception 'This post no longer waits for approval.' using errcode = 'P0001', detail = 'approval_link_closed';
  end if;
  if char_length(decide_social_approval.reviewer_name) > 120 then
    raise exception 'A name has at most 120 characters.' using errcode = 'P0001', detail = 'name_too_long';
  end if;
  post := private.decide_social_post(post, decide_social_approval.decision, decide_social_approval.comment, null,
    decide_social_approval.reviewer_name);
  update public.social_approval_links l set used_at = now() where l.id = link.id;
  return post.approval_status;
end
$$;

revoke all on function private.social_approval_link_status(public.social_approval_links, public.social_posts),
  private.social_approval_link_of_token(text) from public, anon, authenticated;
revoke all on function public.share_social_post_for_approval(uuid) from public, anon;
grant execute on function public.share_social_post_for_approval(uuid) to authenticated, service_role;
revoke all on function public.get_social_approval(text), public.decide_social_approval(text, text, text, text) from public;
grant execute on function public.get_social_approval(text), public.decide_social_approval(text, text, text, text)
  to anon, authenticated, service_role;
