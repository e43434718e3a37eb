-- Invitations through supabase-js `rpc`, on both backends (errors as in 20261123050400_create_workspace_rpcs.sql;
-- further reasons: invalid_email, already_member, invitation_invalid, invitation_used, invitation_revoked,
-- invitation_expired, email_mismatch, email_unconfirmed, too_many_invitations, resent_recently).
--
-- The inviter always gets the link (the token in clear, once) to copy: the path that works on hosted Supabase.
-- When a mail worker runs (the own server), an e-mail is queued too and `email_queued` says so.

-- Admins and owners invite an address with a role up to their own (admins up to admin). Inviting an address that
-- already has an open invitation renews it: new role, 7 more days, a new link (the previous link stops working).
-- At most 50 invitations (new or renewed) per workspace per hour.
create function public.invite_to_workspace(workspace_id uuid, email text, access_role text)
returns table (invitation_id uuid, token text, email_queued boolean, expires_at timestamptz)
language plpgsql volatile security definer
set search_path = ''
as $$
declare
  caller_role text := private.require_workspace_role(invite_to_workspace.workspace_id, 'admin');
  address text := lower(btrim(invite_to_workspace.email));
  invitation public.workspace_invitations;
  queued boolean;
begin
  if private.access_role_rank(invite_to_workspace.access_role) is null then
    raise exception 'Choose one of the access roles owner, admin, member or viewer.' using errcode = 'P0001', detail = 'invalid_role';
  end if;
  if private.access_role_rank(invite_to_workspace.access_role) > private.access_role_rank(caller_role) then
    raise exception 'You can invite people with an access role up to your own (%).', caller_role
      using errcode = '42501', detail = 'role_too_high';
  end if;
  if address is null or char_length(address) not between 3 and 254
     or address !~ '^[^\s@,;:<>()"\\]+@[^\s@,;:<>()"\\]+\.[^\s@,;:<>()"\\]+$' then
    raise exception 'Enter one e-mail address, like name@example.com.' using errcode = 'P0001', detail = 'invalid_email';
  end if;
  if exists (
    select 1 from public.organization_members m join auth.users u on u.id = m.user_id
    where m.organization_id = invite_to_workspace.workspace_id and lower(u.email) = address
  ) then
    raise exception '% is already a member of this workspace.', address using errcode = 'P0001', detail = 'already_member';
  end if;
  -- One invitation at a time per workspace, so concurrent calls cannot all pass the count below together.
  perform 1 from public.organizations o where o.id = invite_to_workspace.workspace_id for no key update;
  if (select count(*) from public.workspace_invitations i
      where i.organization_id = invite_to_workspace.workspace_id
        and greatest(i.created_at, i.last_sent_at) > now() - interval '1 hour') >= 50 then
    raise exception 'This workspace has sent 50 invitations in the last hour: please try again later.'
      using errcode = 'PT429', detail = 'too_many_invitations';
  end if;

  update public.workspace_invitations i
  set role = invite_to_workspace.access_role, invited_by = (select auth.uid()), expires_at = now() + interval '7 days'
  where i.organization_id = invite_to_workspace.workspace_id and i.email = address
    and i.accepted_at is null and i.revoked_at is null
  returning * into invitation;
  if not found then
    insert into public.workspace_invitations (organization_id, email, role, invited_by)
    values (invite_to_workspace.workspace_id, address, invite_to_workspace.access_role, (select auth.uid()))
    returning * into invitation;
  end if;

  perform private.cancel_queued_emails('workspace_invitation', jsonb_build_object('invitation_id', invitation.id));
  queued := private.enqueue_email('workspace_invitation', address, jsonb_build_object('invitation_id', invitation.id)) is not null;
  if queued then
    update public.workspace_invitations i set last_sent_at = now() where i.id = invitation.id;
  end if;
  return query select invitation.id, private.issue_invitation_token(invitation.id, 'link'), queued, invitation.expires_at;
end
$$;

-- What the invitation page shows before anyone signs in: for a pending invitation the workspace, the inviter, the
-- address and the role; for an expired one the workspace and the inviter (to ask for a new one); for a used or
-- revoked one only that. An unknown token is 'invalid'. Always one row.
create function public.get_invitation(token text)
returns table (status text, workspace_name text, inviter_name text, email text, access_role text, expires_at timestamptz)
language plpgsql stable security definer
set search_path = ''
as $$
declare
  invitation public.workspace_invitations;
  invitation_status text;
begin
  select * into invitation from public.workspace_invitations i where i.id = private.invitation_of_token(get_invitation.token);
  if not found then
    return query select 'invalid'::text, null::text, null::text, null::text, null::text, null::timestamptz;
    return;
  end if;
  invitation_status := private.invitation_status(invitation);
  if invitation_status in ('accepted', 'revoked') then
    return query select invitation_status, null::text, null::text, null::text, null::text, null::timestamptz;
  elsif invitation_status = 'expired' then
    return query select invitation_status, o.name, private.display_name(invitation.invited_by), null::text, null::text, invitation.expires_at
      from public.organizations o where o.id = invitation.organization_id;
  else
    return query select invitation_status, o.name, private.display_name(invitation.invited_by), invitation.email, invitation.role, invitation.expires_at
      from public.organizations o where o.id = invitation.organization_id;
  end if;
end
$$;

-- The signed-in user whose (confirmed) e-mail address is the invited one joins with the invited role, once.
-- Someone already a member keeps their role. Returns the workspace's id.
create function public.accept_invitation(token text) returns uuid
language plpgsql volatile security definer
set search_path = ''
as $$
declare
  caller uuid := (select auth.uid());
  invitation public.workspace_invitations;
  invitation_status text;
  caller_email text;
  confirmed_at timestamptz;
begin
  if caller is null then
    raise exception 'Sign in to accept the invitation.' using errcode = '42501', detail = 'not_signed_in';
  end if;
  select * into invitation from public.workspace_invitations i
  where i.id = private.invitation_of_token(accept_invitation.token) for update;
  if not found then
    raise exception 'This invitation link is not valid.' using errcode = 'P0001', detail = 'invitation_invalid';
  end if;
  invitation_status := private.invitation_status(invitation);
  if invitation_status = 'accepted' then
    raise exception 'This invitation has already been used.' using errcode = 'P0001', detail = 'invitation_used';
  elsif invitation_status = 'revoked' then
    raise exception 'This invitation was withdrawn.' using errcode = 'P0001', detail = 'invitation_revoked';
  elsif invitation_status = 'expired' then
    raise exception 'This invitation has expired.' using errcode = 'P0001', detail = 'invitation_expired';
  end if;
  select lower(u.email), u.email_confirmed_at into caller_email, confirmed_at from auth.users u where u.id = caller;
  if caller_email is distinct from invitation.email then
    raise exception 'This invitation was sent to another e-mail address.' using errcode = '42501', detail = 'email_mismatch';
  end if;
  if confirmed_at is null then
    raise exception 'Confirm your e-mail address before accepting the invitation.' using errcode = '42501', detail = 'email_unconfirmed';
  end if;
  insert into public.organization_members (organization_id, user_id, role)
  values (invitation.organization_id, caller, invitation.role)
  on conflict (organization_id, user_id) do nothing;
  update public.workspace_invitations i set accepted_at = now(), accepted_by = caller where i.id = invitation.id;
  perform private.cancel_queued_emails('workspace_invitation', jsonb_build_object('invitation_id', invitation.id));
  return invitation.organization_id;
end
$$;

-- The open invitation, locked, when the caller may manage it (admin or owner, and a role up to their own).
create function private.manageable_invitation(invitation_id uuid) returns public.workspace_invitations
language plpgsql volatile security definer
set search_path = ''
as $$
declare
  invitation public.workspace_invitations;
  caller_role text;
begin
  select * into invitation from public.workspace_invitations i where i.id = manageable_invitation.invitation_id for update;
  -- An invitation of a workspace the caller is not in is reported like one that does not exist.
  if not found or private.workspace_role(invitation.organization_id) is null then
    if (select auth.uid()) is null then
      raise exception 'Sign in first.' using errcode = '42501', detail = 'not_signed_in';
    end if;
    raise exception 'This invitation does not exist.' using errcode = 'P0001', detail = 'invitation_invalid';
  end if;
  caller_role := private.require_workspace_role(invitation.organization_id, 'admin');
  if private.access_role_rank(invitation.role) > private.access_role_rank(caller_role) then
    raise exception 'Only an owner can manage invitations of owners.' using errcode = '42501', detail = 'owner_only';
  end if;
  if invitation.accepted_at is not null then
    raise exception 'This invitation has already been used.' using errcode = 'P0001', detail = 'invitation_used';
  elsif invitation.revoked_at is not null then
    raise exception 'This invitation was withdrawn.' using errcode = 'P0001', detail = 'invitation_revoked';
  end if;
  return invitation;
end
$$;

revoke all on function private.manageable_invitation(uuid) from public, anon, authenticated;

-- Withdraws an open invitation: its links stop working and a queued e-mail is not sent.
create function public.revoke_invitation(invitation_id uuid) returns void
language plpgsql volatile security definer
set search_path = ''
as $$
declare
  invitation public.workspace_invitations := private.manageable_invitation(revoke_invitation.invitation_id);
begin
  update public.workspace_invitations i set revoked_at = now() where i.id = invitation.id;
  perform private.cancel_queued_emails('workspace_invitation', jsonb_build_object('invitation_id', invitation.id));
end
$$;

-- Sends the invitation e-mail again (at most once a minute) and gives it 7 more days; the copied link keeps working.
create function public.resend_invitation(invitation_id uuid)
returns table (email_queued boolean, expires_at timestamptz)
language plpgsql volatile security definer
set search_path = ''
as $$
declare
  invitation public.workspace_invitations := private.manageable_invitation(resend_invitation.invitation_id);
  queued boolean;
begin
  if invitation.last_sent_at > now() - interval '1 minute' then
    raise exception 'The invitation was sent less than a minute ago: please wait a moment.' using errcode = 'PT429', detail = 'resent_recently';
  end if;
  perform private.cancel_queued_emails('workspace_invitation', jsonb_build_object('invitation_id', invitation.id));
  queued := private.enqueue_email('workspace_invitation', invitation.email, jsonb_build_object('invitation_id', invitation.id)) is not null;
  update public.workspace_invitations i
  set expires_at = now() + interval '7 days', last_sent_at = case when queued then now() else i.last_sent_at end
  where i.id = invitation.id
  returning i.expires_at into invitation.expires_at;
  return query select queued, invitation.expires_at;
end
$$;

-- A new link to copy (the previous copied link stops working; an e-mailed link keeps working), valid 7 more days.
create function public.create_invitation_link(invitation_id uuid)
returns table (token text, expires_at timestamptz)
language plpgsql volatile security definer
set search_path = ''
as $$
declare
  invitation public.workspace_invitations := private.manageable_invitation(create_invitation_link.invitation_id);
begin
  update public.workspace_invitations i set expires_at = now() + interval '7 days'
  where i.id = invitation.id
  returning i.expires_at into invitation.expires_at;
  return query select private.issue_invitation_token(invitation.id, 'link'), invitation.expires_at;
end
$$;

revoke all on function public.invite_to_workspace(uuid, text, text), public.get_invitation(text), public.accept_invitation(text),
  public.revoke_invitation(uuid), public.resend_invitation(uuid), public.create_invitation_link(uuid) from public, anon;
grant execute on function public.invite_to_workspace(uuid, text, text), public.accept_invitation(text),
  public.revoke_invitation(uuid), public.resend_invitation(uuid), public.create_invitation_link(uuid) to authenticated, service_role;
-- The invitation page is shown to signed-out visitors too.
grant execute on function public.get_invitation(text) to anon, authenticated, service_role;
