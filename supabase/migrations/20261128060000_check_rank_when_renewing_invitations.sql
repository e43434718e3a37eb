-- Renewing an open invitation is managing it: the same rank check as revoke_invitation, resend_invitation and
-- create_invitation_link (private.manageable_invitation). Before, an admin inviting the address of an owner's open
-- owner invitation renewed it as their own: a lower role, the admin as inviter, the owner's link dead and a fresh
-- link in the admin's hands (issue 25, point 11). Otherwise unchanged from 20261123050500_create_invitation_rpcs.sql.
create or replace function public.invite_to_workspace(workspace_id uuid, email text, access_role text)
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

  select * into invitation from public.workspace_invitations i
  where i.organization_id = invite_to_workspace.workspace_id and i.email = address
    and i.accepted_at is null and i.revoked_at is null
  for update;
  if found then
    if private.access_role_rank(invitation.role) > private.access_role_rank(caller_role) then
      raise exception 'Only an owner can manage invitations of owners.' using errcode = '42501', detail = 'owner_only';
    end if;
    update public.workspace_invitations i
    set role = invite_to_workspace.access_role, invited_by = (select auth.uid()), expires_at = now() + interval '7 days'
    where i.id = invitation.id
    returning * into invitation;
  else
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
