-- Campaigns and what happened to each message (decision 0020).
--
-- - email_campaigns: draft → scheduled → sending → sent, or paused / cancelled. Its content (subject, preheader,
--   blocks, as a template's) is edited while it is a draft; its lists are one or more lists of its workspace. States
--   change only through the functions of 20261128120500 (send, schedule, pause, resume, cancel) and the sending job.
--   Sending walks the recipients the way listmonk does: a cursor over the confirmed members of its lists in contact
--   id order (`cursor_contact_id`), a batch at a time, each batch recorded as one delivery per recipient before it is
--   sent; nothing is prepared for all recipients in advance.
-- - email_deliveries: one message to one address (a campaign's, a list's welcome e-mail, a template sent by the
--   product): its state (queued → sending → sent | failed | unconfirmed), the SMTP answer, its Message-ID, the hash of
--   its token (unsubscribe, open and click links: one message, one recipient), and what happened after: bounced,
--   complained, opened, clicked, unsubscribed. "Unconfirmed": the message's final dot may have reached the SMTP
--   server but its answer was never recorded (the worker was killed); it is not sent again (docs/decisions/0020).
-- Every member reads campaigns and deliveries (viewers read reports); members write drafts.

create table public.email_campaigns (
  id uuid primary key default gen_random_uuid(),
  organization_id uuid not null default private.current_organization_id() references public.organizations (id) on delete cascade,
  name text not null constraint email_campaigns_name_check check (char_length(name) between 1 and 120 and name = btrim(name)),
  subject text not null default '' constraint email_campaigns_subject_check check (char_length(subject) <= 200 and private.is_header_text(subject)),
  preheader text not null default '' constraint email_campaigns_preheader_check check (char_length(preheader) <= 200 and private.is_header_text(preheader)),
  blocks jsonb not null default '[]'::jsonb constraint email_campaigns_blocks_check check (private.email_blocks_valid(blocks)),
  template_id uuid,
  list_ids uuid[] not null default '{}' constraint email_campaigns_list_ids_check check (
    cardinality(list_ids) <= 20 and array_position(list_ids, null) is null
  ),
  status text not null default 'draft' constraint email_campaigns_status_check check (
    status in ('draft', 'scheduled', 'sending', 'paused', 'sent', 'cancelled')
  ),
  scheduled_at timestamptz,
  started_at timestamptz,
  finished_at timestamptz,
  paused_reason text constraint email_campaigns_paused_reason_length check (char_length(paused_reason) <= 1000),
  -- Sending: the last contact a delivery was recorded for, and the moment the audience was fixed (members
  -- confirmed after it are not part of this campaign).
  cursor_contact_id uuid,
  audience_cutoff timestamptz,
  recipients_total integer,
  sent_count integer not null default 0,
  failed_count integer not null default 0,
  unconfirmed_count integer not null default 0,
  errors_since_resume integer not null default 0,
  -- Which worker pool sends it (a claim of a pool with no live worker is void) and until when the claim holds.
  claimed_by text constraint email_campaigns_claimed_by_length check (char_length(claimed_by) <= 200),
  claimed_until timestamptz,
  created_by uuid default auth.uid() references auth.users (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint email_campaigns_template_fkey foreign key (organization_id, template_id)
    references public.email_templates (organization_id, id) on delete set null (template_id)
);
create index email_campaigns_organization_created_idx on public.email_campaigns (organization_id, created_at desc, id);

create trigger email_campaigns_set_updated_at
  before update on public.email_campaigns
  for each row execute function private.set_updated_at();

alter table public.email_campaigns enable row level security;
revoke all on table public.email_campaigns from anon, authenticated;
-- Every column reads (a claim, a cursor and counters tell nothing secret); PostgREST's return=representation needs it.
grant select, delete on table public.email_campaigns to authenticated;
grant insert (organization_id, name, subject, preheader, blocks, template_id, list_ids) on table public.email_campaigns to authenticated;
grant update (name, subject, preheader, blocks, template_id, list_ids) on table public.email_campaigns to authenticated;
grant all on table public.email_campaigns to service_role;

create policy "Members read their workspace's e-mail campaigns" on public.email_campaigns
  for select to authenticated
  using (organization_id in (select private.current_user_organization_ids()));

create policy "Members add e-mail campaigns as drafts" on public.email_campaigns
  for insert to authenticated
  with check (organization_id in (select private.organization_ids_with_role('member')) and status = 'draft');

-- Only a draft's content changes: what is scheduled or sending is what was reviewed.
create policy "Members edit their workspace's draft campaigns" on public.email_campaigns
  for update to authenticated
  using (organization_id in (select private.organization_ids_with_role('member')) and status = 'draft')
  with check (organization_id in (select private.organization_ids_with_role('member')) and status = 'draft');

create policy "Members remove campaigns that are not under way" on public.email_campaigns
  for delete to authenticated
  using (organization_id in (select private.organization_ids_with_role('member')) and status in ('draft', 'sent', 'cancelled'));

-- The links of a sent message, in order: a click redirect names its link by position, never by URL, so it can only
-- lead to a URL that was in the message. One set per distinct list of links of a workspace.
create table private.email_link_sets (
  id bigint generated always as identity primary key,
  organization_id uuid not null references public.organizations (id) on delete cascade,
  digest text not null,
  urls text[] not null constraint email_link_sets_urls_size check (cardinality(urls) <= 500),
  created_at timestamptz not null default now(),
  constraint email_link_sets_digest_key unique (organization_id, digest)
);
revoke all on table private.email_link_sets from public, anon, authenticated;
grant all on table private.email_link_sets to service_role;

create table public.email_deliveries (
  id bigint generated always as identity primary key,
  organization_id uuid not null references public.organizations (id) on delete cascade,
  kind text not null constraint email_deliveries_kind_check check (kind in ('campaign', 'welcome', 'template')),
  campaign_id uuid references public.email_campaigns (id) on delete set null,
  list_id uuid references public.email_lists (id) on delete set null,
  template_id uuid references public.email_templates (id) on delete set null,
  contact_id uuid references public.contacts (id) on delete set null,
  email text not null,
  status text not null default 'queued' constraint email_deliveries_status_check check (
    status in ('queued', 'sending', 'sent', 'failed', 'unconfirmed')
  ),
  attempts integer not null default 0,
  smtp_response text constraint email_deliveries_smtp_response_length check (char_length(smtp_response) <= 1000),
  message_id text constraint email_deliveries_message_id_length check (char_length(message_id) <= 300),
  token_hash bytea constraint email_deliveries_token_hash_key unique,
  link_set_id bigint references private.email_link_sets (id) on delete set null,
  track_opens boolean not null default false,
  track_clicks boolean not null default false,
  claimed_by text constraint email_deliveries_claimed_by_length check (char_length(claimed_by) <= 200),
  -- The exactly-once marker: set, and committed, just before the message's final "." goes to the SMTP server.
  data_completed_at timestamptz,
  sent_at timestamptz,
  failed_at timestamptz,
  opened_at timestamptz,
  open_count integer not null default 0,
  clicked_at timestamptz,
  click_count integer not null default 0,
  bounced_at timestamptz,
  bounce_type text constraint email_deliveries_bounce_type_check check (bounce_type in ('hard', 'soft')),
  bounce_detail text constraint email_deliveries_bounce_detail_length check (char_length(bounce_detail) <= 1000),
  complained_at timestamptz,
  unsubscribed_at timestamptz,
  created_at timestamptz not null default now(),
  constraint email_deliveries_campaign_contact_key unique (campaign_id, contact_id)
);
create index email_deliveries_campaign_status_idx on public.email_deliveries (campaign_id, status, id) where campaign_id is not null;
create index email_deliveries_organization_created_idx on public.email_deliveries (organization_id, created_at desc, id desc);
create index email_deliveries_contact_idx on public.email_deliveries (contact_id, created_at desc) where contact_id is not null;
create index email_deliveries_message_id_idx on public.email_deliveries (message_id) where message_id is not null;
create index email_deliveries_organization_email_idx on public.email_deliveries (organization_id, lower(email), created_at desc);

alter table public.email_deliveries enable row level security;
revoke all on table public.email_deliveries from anon, authenticated;
-- token_hash is a SHA-256 of a random token: it opens nothing.
grant select on table public.email_deliveries to authenticated;
grant all on table public.email_deliveries to service_role;

create policy "Members read their workspace's deliveries" on public.email_deliveries
  for select to authenticated
  using (organization_id in (select private.current_user_organization_ids()));
