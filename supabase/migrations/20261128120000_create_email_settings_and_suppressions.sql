-- The Email Platform (issue 28, docs/decisions/0020-email-platform.md): a workspace's sending settings and its
-- suppression list.
--
-- - email_settings: one row per workspace (made with the workspace): the sender's name and address, the reply-to
--   address, open and click tracking (both off by default), the workspace's sending rate and how many errors pause a
--   campaign. Every member reads them; admins and owners change them.
-- - email_suppressions: addresses the workspace never e-mails again, whatever list they are on: unsubscribed (only
--   the person lifts it, by subscribing again), hard bounces and complaints (from the provider's webhook), and
--   addresses a member added by hand. Every send of the workspace leaves them out.
-- - private.email_webhook_secrets: the per-workspace webhook endpoint's token and the providers' secrets; admins
--   read them through a function (20261128120900).

-- One plain address: no display name, spaces, commas, angle brackets or line breaks (as private.outgoing_emails).
create function private.is_plain_email(address text) returns boolean
language sql immutable parallel safe
set search_path = ''
as $$
  select char_length(address) between 3 and 254 and address ~ '^[^\s@,;:<>()"\\]+@[^\s@,;:<>()"\\]+\.[^\s@,;:<>()"\\]+$'
$$;

-- Text that may stand in a header: no control characters (CR, LF, tabs, NUL…) and no Unicode line separators.
create function private.is_header_text(value text) returns boolean
language sql immutable parallel safe
set search_path = ''
as $$
  select value !~ '[[:cntrl:]\u0085\u2028\u2029]'
$$;

-- 32 random bytes as base64url (two gen_random_uuid(): 244 random bits, as the invitation tokens).
create function private.new_email_token() returns text
language sql volatile
set search_path = ''
as $$
  select translate(encode(uuid_send(gen_random_uuid()) || uuid_send(gen_random_uuid()), 'base64'), '+/=', '-_')
$$;

create function private.email_token_hash(token text) returns bytea
language sql immutable parallel safe
set search_path = ''
as $$
  select sha256(convert_to(token, 'UTF8'))
$$;

revoke all on function private.is_plain_email(text), private.is_header_text(text), private.new_email_token(),
  private.email_token_hash(text) from public;
grant execute on function private.is_plain_email(text), private.is_header_text(text) to anon, authenticated, service_role;
grant execute on function private.new_email_token() to authenticated, service_role;

create table public.email_settings (
  organization_id uuid primary key references public.organizations (id) on delete cascade,
  from_name text constraint email_settings_from_name_check check (
    char_length(from_name) between 1 and 100 and from_name = btrim(from_name) and private.is_header_text(from_name)
  ),
  from_email text constraint email_settings_from_email_check check (private.is_plain_email(from_email)),
  reply_to text constraint email_settings_reply_to_check check (private.is_plain_email(reply_to)),
  track_opens boolean not null default false,
  track_clicks boolean not null default false,
  per_minute_limit integer not null default 600 constraint email_settings_per_minute_limit_range check (per_minute_limit between 1 and 100000),
  error_threshold integer not null default 20 constraint email_settings_error_threshold_range check (error_threshold between 1 and 10000),
  updated_at timestamptz not null default now()
);

create trigger email_settings_set_updated_at
  before update on public.email_settings
  for each row execute function private.set_updated_at();

alter table public.email_settings enable row level security;
revoke all on table public.email_settings from anon, authenticated;
grant select on table public.email_settings to authenticated;
grant update (from_name, from_email, reply_to, track_opens, track_clicks, per_minute_limit, error_threshold)
  on table public.email_settings to authenticated;
grant all on table public.email_settings to service_role;

create policy "Members read their workspace's e-mail settings" on public.email_settings
  for select to authenticated
  using (organization_id in (select private.current_user_organization_ids()));

create policy "Admins change their workspace's e-mail settings" on public.email_settings
  for update to authenticated
  using (organization_id in (select private.organization_ids_with_role('admin')))
  with check (organization_id in (select private.organization_ids_with_role('admin')));

create table private.email_webhook_secrets (
  organization_id uuid primary key references public.organizations (id) on delete cascade,
  -- The endpoint: /e/webhooks/<endpoint_token>/<provider>.
  endpoint_token text not null unique default private.new_email_token(),
  -- Postmark: the webhook URL carries basic auth credentials (user "postmark", this password).
  postmark_password text not null default private.new_email_token(),
  -- The generic format: an HMAC-SHA256 of "<timestamp>.<body>" with this secret (Standard Webhooks style).
  generic_secret text not null default private.new_email_token(),
  -- SendGrid's signed event webhook: the verification key SendGrid shows (base64 DER of an ECDSA P-256 public key).
  sendgrid_public_key text constraint email_webhook_secrets_sendgrid_key_length check (char_length(sendgrid_public_key) <= 400),
  -- Amazon SES through SNS: the topic the notifications must come from.
  sns_topic_arn text constraint email_webhook_secrets_sns_topic_format check (char_length(sns_topic_arn) <= 400 and sns_topic_arn ~ '^arn:aws[a-z-]*:sns:[a-z0-9-]+:[0-9]{12}:[A-Za-z0-9_-]+$'),
  updated_at timestamptz not null default now()
);
revoke all on table private.email_webhook_secrets from public, anon, authenticated;
grant all on table private.email_webhook_secrets to service_role;

-- Every workspace has its settings and webhook secrets from the start.
create function private.create_email_settings() returns trigger
language plpgsql security definer
set search_path = ''
as $$
begin
  insert into public.email_settings (organization_id) values (new.id) on conflict do nothing;
  insert into private.email_webhook_secrets (organization_id) values (new.id) on conflict do nothing;
  return null;
end
$$;
revoke all on function private.create_email_settings() from public, anon, authenticated;

create trigger organizations_create_email_settings
  after insert on public.organizations
  for each row execute function private.create_email_settings();

insert into public.email_settings (organization_id) select o.id from public.organizations o on conflict do nothing;
insert into private.email_webhook_secrets (organization_id) select o.id from public.organizations o on conflict do nothing;

create table public.email_suppressions (
  id uuid primary key default gen_random_uuid(),
  organization_id uuid not null default private.current_organization_id() references public.organizations (id) on delete cascade,
  email text not null constraint email_suppressions_email_check check (private.is_plain_email(email) and email = lower(email)),
  reason text not null default 'manual' constraint email_suppressions_reason_check check (
    reason in ('unsubscribed', 'hard_bounce', 'complaint', 'manual')
  ),
  detail text constraint email_suppressions_detail_length check (char_length(detail) <= 500),
  created_by uuid default auth.uid() references auth.users (id) on delete set null,
  created_at timestamptz not null default now()
);
create unique index email_suppressions_organization_email_key on public.email_suppressions (organization_id, email);
create index email_suppressions_organization_created_idx on public.email_suppressions (organization_id, created_at desc, id);

-- An address is kept in lower case (compared in any case everywhere); a typed one may come with spaces.
create function private.normalise_email_suppression() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.email := lower(btrim(new.email));
  return new;
end
$$;
revoke all on function private.normalise_email_suppression() from public, anon, authenticated;

create trigger email_suppressions_normalise
  before insert on public.email_suppressions
  for each row execute function private.normalise_email_suppression();

alter table public.email_suppressions enable row level security;
revoke all on table public.email_suppressions from anon, authenticated;
grant select, delete on table public.email_suppressions to authenticated;
grant insert (organization_id, email, detail) on table public.email_suppressions to authenticated;
grant all on table public.email_suppressions to service_role;

create policy "Members read their workspace's suppressions" on public.email_suppressions
  for select to authenticated
  using (organization_id in (select private.current_user_organization_ids()));

-- Members add addresses by hand (reason manual: the column has no insert grant, its default is 'manual').
create policy "Members suppress addresses of their workspace" on public.email_suppressions
  for insert to authenticated
  with check (organization_id in (select private.organization_ids_with_role('member')) and reason = 'manual');

-- Members lift what a member added; admins also lift a hard bounce (the mailbox works again). An unsubscribe is
-- lifted only by the person (subscribing again); a complaint only by the person confirming a subscription.
create policy "Members lift manual suppressions, admins hard bounces" on public.email_suppressions
  for delete to authenticated
  using (
    (reason = 'manual' and organization_id in (select private.organization_ids_with_role('member')))
    or (reason = 'hard_bounce' and organization_id in (select private.organization_ids_with_role('admin')))
  );

-- Whether the workspace suppresses an address (any case).
create function private.email_suppressed(workspace_id uuid, address text) returns boolean
language sql stable security definer
set search_path = ''
as $$
  select exists (select 1 from public.email_suppressions s where s.organization_id = workspace_id and s.email = lower(address))
$$;

-- Suppresses an address for a reason (a stronger reason replaces a weaker one: complaint > hard bounce >
-- unsubscribed > manual); returns whether it is suppressed now.
create function private.suppress_email(workspace_id uuid, address text, reason text, detail text default null) returns void
language plpgsql volatile security definer
set search_path = ''
as $$
begin
  if not private.is_plain_email(lower(btrim(address))) then
    return;
  end if;
  insert into public.email_suppressions as s (organization_id, email, reason, detail, created_by)
  values (workspace_id, lower(btrim(address)), suppress_email.reason, left(suppress_email.detail, 500), null)
  on conflict (organization_id, email) do update
    set reason = excluded.reason, detail = excluded.detail, created_at = now()
    where array_position(array['manual', 'unsubscribed', 'hard_bounce', 'complaint'], excluded.reason)
      > array_position(array['manual', 'unsubscribed', 'hard_bounce', 'complaint'], s.reason);
end
$$;

revoke all on function private.email_suppressed(uuid, text), private.suppress_email(uuid, text, text, text)
  from public, anon, authenticated;
