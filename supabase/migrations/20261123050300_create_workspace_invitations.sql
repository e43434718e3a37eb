-- Invitations to a workspace: by e-mail address, with an access role, valid 7 days, single-use, bound to the address
-- (compared lower-cased), revocable, renewable. Written only by the RPCs of
-- 20261123050500_create_invitation_rpcs.sql; admins and owners of the workspace read its invitations.
--
-- Tokens: 32 bytes from two gen_random_uuid() (PostgreSQL's strong random source: 244 random bits), sent as
-- 43 base64url characters and stored only as their SHA-256 in private.workspace_invitation_tokens, which no API role
-- can read. An invitation has at most one token per channel: 'link' (returned once to the inviter, to copy) and
-- 'email' (minted by the mail worker when it sends the e-mail). Issuing a new token of a channel replaces the old one.
-- Tokens stay after acceptance or revocation, so a used or revoked link still says what happened to it.

create table public.workspace_invitations (
  id uuid primary key default gen_random_uuid(),
  organization_id uuid not null references public.organizations (id) on delete cascade,
  -- Stored lower-cased and trimmed by the RPCs.
  email text not null constraint workspace_invitations_email_format check (
    char_length(email) between 3 and 254 and email = lower(email)
    and email ~ '^[^\s@,;:<>()"\\]+@[^\s@,;:<>()"\\]+\.[^\s@,;:<>()"\\]+$'
  ),
  role text not null constraint workspace_invitations_role_check check (role in ('owner', 'admin', 'member', 'viewer')),
  invited_by uuid references auth.users (id) on delete set null,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null default now() + interval '7 days',
  -- When the invitation e-mail was last queued (null: only shared as a link).
  last_sent_at timestamptz,
  accepted_at timestamptz,
  accepted_by uuid references auth.users (id) on delete set null,
  revoked_at timestamptz,
  constraint workspace_invitations_single_outcome check (accepted_at is null or revoked_at is null)
);
-- One open invitation per address and workspace: inviting the address again renews it.
create unique index workspace_invitations_open_email_key on public.workspace_invitations (organization_id, email)
  where accepted_at is null and revoked_at is null;
create index workspace_invitations_organization_id_created_at_idx on public.workspace_invitations (organization_id, created_at desc);

create table private.workspace_invitation_tokens (
  token_hash bytea primary key constraint workspace_invitation_tokens_hash_length check (octet_length(token_hash) = 32),
  invitation_id uuid not null references public.workspace_invitations (id) on delete cascade,
  channel text not null constraint workspace_invitation_tokens_channel_check check (channel in ('link', 'email')),
  created_at timestamptz not null default now(),
  constraint workspace_invitation_tokens_one_per_channel unique (invitation_id, channel)
);

alter table public.workspace_invitations enable row level security;

revoke all on table public.workspace_invitations from anon, authenticated;
grant select on table public.workspace_invitations to authenticated;
grant all on table public.workspace_invitations to service_role;
revoke all on table private.workspace_invitation_tokens from public, anon, authenticated;
grant all on table private.workspace_invitation_tokens to service_role;

create policy "Admins read their workspace's invitations" on public.workspace_invitations
  for select to authenticated
  using (organization_id in (select private.organization_ids_with_role('admin')));

-- 'pending', 'accepted', 'revoked' or 'expired'.
create function private.invitation_status(invitation public.workspace_invitations) returns text
language sql stable
set search_path = ''
as $$
  select case
    when invitation.accepted_at is not null then 'accepted'
    when invitation.revoked_at is not null then 'revoked'
    when invitation.expires_at <= now() then 'expired'
    else 'pending'
  end
$$;

create function private.hash_invitation_token(token text) returns bytea
language sql immutable parallel safe
set search_path = ''
as $$
  select sha256(convert_to(token, 'UTF8'))
$$;

-- A new token for a channel of an invitation (the channel's previous token stops working). Returns it in clear,
-- once; only its hash is kept.
create function private.issue_invitation_token(invitation_id uuid, channel text) returns text
language plpgsql volatile security definer
set search_path = ''
as $$
declare
  token text := translate(encode(uuid_send(gen_random_uuid()) || uuid_send(gen_random_uuid()), 'base64'), '+/=', '-_');
begin
  delete from private.workspace_invitation_tokens t
  where t.invitation_id = issue_invitation_token.invitation_id and t.channel = issue_invitation_token.channel;
  insert into private.workspace_invitation_tokens (token_hash, invitation_id, channel)
  values (private.hash_invitation_token(token), issue_invitation_token.invitation_id, issue_invitation_token.channel);
  return token;
end
$$;

-- The invitation a token belongs to (none for an unknown or malformed token).
create function private.invitation_of_token(token text) returns uuid
language sql stable security definer
set search_path = ''
as $$
  select t.invitation_id from private.workspace_invitation_tokens t
  where token is not null and char_length(token) between 20 and 200
    and t.token_hash = private.hash_invitation_token(token)
$$;

-- "First Last", else the part of the e-mail address before the @, else null.
create function private.display_name(user_id uuid) returns text
language sql stable security definer
set search_path = ''
as $$
  select coalesce(
    nullif(btrim(concat_ws(' ', nullif(btrim(p.first_name), ''), nullif(btrim(p.last_name), ''))), ''),
    nullif(split_part(u.email, '@', 1), '')
  )
  from auth.users u left join public.profiles p on p.user_id = u.id
  where u.id = display_name.user_id
$$;

-- What the mail worker needs to send an invitation e-mail, with a freshly minted 'email' token; no row when the
-- invitation is no longer pending (the worker then cancels the e-mail).
create function private.prepare_invitation_email(invitation_id uuid)
returns table (token text, email text, access_role text, workspace_name text, inviter_name text, expires_at timestamptz)
language plpgsql volatile security definer
set search_path = ''
as $$
declare
  invitation public.workspace_invitations;
begin
  select * into invitation from public.workspace_invitations i where i.id = prepare_invitation_email.invitation_id for update;
  if not found or private.invitation_status(invitation) <> 'pending' then
    return;
  end if;
  return query
    select private.issue_invitation_token(invitation.id, 'email'), invitation.email, invitation.role, o.name,
      private.display_name(invitation.invited_by), invitation.expires_at
    from public.organizations o where o.id = invitation.organization_id;
end
$$;

revoke all on function private.invitation_status(public.workspace_invitations), private.hash_invitation_token(text),
  private.issue_invitation_token(uuid, text), private.invitation_of_token(text), private.prepare_invitation_email(uuid),
  private.display_name(uuid) from public, anon, authenticated;
