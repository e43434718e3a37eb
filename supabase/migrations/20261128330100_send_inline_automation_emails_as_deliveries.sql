-- A workflow's inline e-mail (a send_email step with its own subject and text, no template) becomes a delivery of the
-- Email Platform like a template step's (issue 29, decision 0023): the send_email_delivery job sends it exactly once
-- with the workspace's sender, a Message-ID, the one-click List-Unsubscribe headers (RFC 8058) and an unsubscribe link
-- in the body, and checks the suppression list again when the message leaves (an address unsubscribed between the step
-- and the send gets nothing; the delivery fails with that reason). Before, inline e-mails went through the server's
-- own mail queue (private.outgoing_emails, kind 'automation_email') without any of that.
--
-- The delivery (kind 'automation') carries its content: the subject and one text block, the step's text with
-- {{first_name}} becoming the platform's merge field {{first_name|there}} (filled, escaped, when it is sent). The
-- request key 'automation:<enrollment>:<step>:<visit>' makes the step idempotent as for templates.

alter table public.email_deliveries drop constraint email_deliveries_kind_check;
alter table public.email_deliveries
  add constraint email_deliveries_kind_check check (kind in ('campaign', 'welcome', 'template', 'automation')),
  add column inline_subject text constraint email_deliveries_inline_subject_check check (
    char_length(inline_subject) between 1 and 200 and private.is_header_text(inline_subject)),
  add column inline_blocks jsonb constraint email_deliveries_inline_blocks_check check (private.email_blocks_valid(inline_blocks)),
  add constraint email_deliveries_inline_content_check check (
    (kind = 'automation') = (inline_subject is not null and inline_blocks is not null));

-- The blocks of an inline automation e-mail: its text (as the step's author wrote it; a text block's Markdown, with
-- line breaks kept) with the first name a merge field, in text blocks of at most 5,000 characters each, cut between
-- paragraphs where one fits (a step's text has at most 20,000 characters: a handful of blocks, nothing dropped).
create function private.automation_email_blocks(body text) returns jsonb
language plpgsql immutable parallel safe
set search_path = ''
as $$
declare
  blocks jsonb := '[]'::jsonb;
  pending text := '';
  paragraph text;
begin
  for paragraph in
    select p from regexp_split_to_table(btrim(replace(coalesce(body, ''), '{{first_name}}', '{{first_name|there}}')), '\n\s*\n') p
    where btrim(p) <> ''
  loop
    if pending <> '' and char_length(pending) + 2 + char_length(paragraph) > 5000 then
      blocks := blocks || jsonb_build_array(jsonb_build_object('type', 'text', 'markdown', pending));
      pending := '';
    end if;
    while char_length(paragraph) > 5000 loop
      blocks := blocks || jsonb_build_array(jsonb_build_object('type', 'text', 'markdown', left(paragraph, 5000)));
      paragraph := substr(paragraph, 5001);
    end loop;
    pending := case when pending = '' then paragraph else pending || E'\n\n' || paragraph end;
  end loop;
  if pending <> '' then
    blocks := blocks || jsonb_build_array(jsonb_build_object('type', 'text', 'markdown', pending));
  end if;
  return blocks;
end
$$;

-- Queues one inline automation e-mail to a contact; outcomes as private.send_email_template's (unknown_template aside).
create function private.send_automation_email(workspace_id uuid, contact_id uuid, subject text, body text, request_key text)
returns table (delivery_id bigint, outcome text)
language plpgsql volatile security definer
set search_path = ''
as $$
#variable_conflict use_variable
declare
  address text;
  found_contact boolean;
  queued bigint;
begin
  if request_key is null or char_length(request_key) not between 1 and 200 then
    raise exception 'send_automation_email: a request key has 1 to 200 characters' using errcode = '22023';
  end if;
  perform pg_catalog.pg_advisory_xact_lock(pg_catalog.hashtextextended(workspace_id::text || '/' || request_key, 0));
  select d.id into queued from public.email_deliveries d where d.organization_id = workspace_id and d.request_key = send_automation_email.request_key;
  if queued is not null then
    return query select queued, 'already_queued'::text;
    return;
  end if;
  select true, c.email into found_contact, address from public.contacts c where c.id = contact_id and c.organization_id = workspace_id;
  if found_contact is null then
    return query select null::bigint, 'unknown_contact'::text;
    return;
  end if;
  if address is null then
    return query select null::bigint, 'no_address'::text;
    return;
  end if;
  if private.email_suppressed(workspace_id, address) then
    return query select null::bigint, 'suppressed'::text;
    return;
  end if;
  insert into public.email_deliveries (organization_id, kind, contact_id, email, request_key, inline_subject, inline_blocks)
  values (workspace_id, 'automation', contact_id, address, send_automation_email.request_key,
    left(replace(btrim(subject), '{{first_name}}', '{{first_name|there}}'), 200), private.automation_email_blocks(body))
  returning id into queued;
  perform private.enqueue_job('send_email_delivery', jsonb_build_object('workspace_id', workspace_id, 'delivery_id', queued),
    now(), 'delivery:' || queued, 8);
  return query select queued, 'queued'::text;
end
$$;

-- As in 20261128120600, with an inline automation e-mail's own content; the suppression list is checked again here,
-- when the message is about to leave.
create or replace function private.claim_email_delivery(workspace_id uuid, delivery_id bigint, pool_id text)
returns table (
  state text, email text, token text, attempts integer, created_at timestamptz, first_name text, last_name text, company text,
  job_title text, subject text, preheader text, blocks jsonb, workspace_name text, from_name text, from_email text,
  reply_to text, track_opens boolean, track_clicks boolean, list_id uuid
)
language plpgsql volatile security definer
set search_path = ''
as $$
#variable_conflict use_column
declare
  delivery public.email_deliveries;
  minted text := private.new_email_token();
  inline boolean;
begin
  select d.* into delivery from public.email_deliveries d where d.id = claim_email_delivery.delivery_id for update;
  if delivery.id is null then
    return query select 'gone'::text, null::text, null::text, 0, null::timestamptz, null::text, null::text, null::text, null::text,
      null::text, null::text, null::jsonb, null::text, null::text, null::text, null::text, false, false, null::uuid;
    return;
  end if;
  if delivery.organization_id <> claim_email_delivery.workspace_id then
    raise exception 'delivery % is not of workspace %', delivery.id, claim_email_delivery.workspace_id using errcode = '42501', detail = 'foreign_delivery';
  end if;
  inline := delivery.inline_blocks is not null;
  if delivery.status in ('queued', 'sending') and delivery.data_completed_at is not null then
    perform private.email_deliveries_unconfirmed(array[delivery.id]);
    delivery.status := 'unconfirmed';
  end if;
  if delivery.status = 'sending' and delivery.claimed_by is not null and delivery.claimed_by <> claim_email_delivery.pool_id
     and private.job_pool_alive(delivery.claimed_by) then
    delivery.status := 'claimed';
  end if;
  if delivery.status not in ('queued', 'sending') or (delivery.template_id is null and not inline)
     or private.email_suppressed(delivery.organization_id, delivery.email) then
    if delivery.status in ('queued', 'sending') then
      update public.email_deliveries d set status = 'failed', failed_at = now(),
        smtp_response = case when delivery.template_id is null and not inline then 'The template was deleted before the message was sent.'
          else 'The address was suppressed before the message was sent.' end
      where d.id = delivery.id;
      delivery.status := 'failed';
    end if;
    return query select delivery.status, null::text, null::text, 0, null::timestamptz, null::text, null::text, null::text, null::text,
      null::text, null::text, null::jsonb, null::text, null::text, null::text, null::text, false, false, null::uuid;
    return;
  end if;
  update public.email_deliveries d
  set status = 'sending', claimed_by = claim_email_delivery.pool_id, attempts = d.attempts + 1, token_hash = private.email_token_hash(minted),
    track_opens = s.track_opens, track_clicks = s.track_clicks
  from public.email_settings s
  where d.id = delivery.id and s.organization_id = delivery.organization_id;
  return query
    select 'sending'::text, delivery.email, minted, delivery.attempts + 1, delivery.created_at, c.first_name, c.last_name, c.company, c.job_title,
      case when inline then delivery.inline_subject else t.subject end, case when inline then '' else t.preheader end,
      case when inline then delivery.inline_blocks else t.blocks end,
      o.name, s.from_name, s.from_email, s.reply_to, s.track_opens, s.track_clicks, delivery.list_id
    from public.organizations o
    join public.email_settings s on s.organization_id = o.id
    left join public.email_templates t on t.id = delivery.template_id and not inline
    left join public.contacts c on c.id = delivery.contact_id
    where o.id = delivery.organization_id;
end
$$;

revoke all on function private.automation_email_blocks(text), private.send_automation_email(uuid, uuid, text, text, text)
  from public, anon, authenticated;
grant execute on function private.automation_email_blocks(text), private.send_automation_email(uuid, uuid, text, text, text) to service_role;

-- private.automation_apply_step as in 20261128240000, except the inline form of a send_email step: it queues a
-- delivery through private.send_automation_email (recorded in the step run's email_delivery_id, as a template
-- step's) instead of the server's mail queue.
create or replace function private.automation_apply_step(workspace_id uuid, enrollment_id uuid, step_id text, visit integer, decision jsonb)
returns text
language plpgsql volatile security definer
set search_path = ''
as $$
declare
  enrollment public.automation_enrollments;
  step jsonb;
  step_type text;
  run public.automation_step_runs;
  contact public.contacts;
  next_step text := decision ->> 'next';
  step_outcome text := left(decision ->> 'outcome', 200);
  run_status text := 'done';
  due timestamptz;
  email_id bigint;
  queued_delivery bigint;
  send_outcome text;
  recipient uuid;
  workflow_name text;
  contact_name text;
  next_visit integer;
  failure text;
  failure_outcome text;
  extra record;
  job_payload jsonb := jsonb_build_object('workspace_id', automation_apply_step.workspace_id, 'enrollment_id', automation_apply_step.enrollment_id);
begin
  select * into enrollment from public.automation_enrollments e where e.id = automation_apply_step.enrollment_id for update;
  if not found then
    return 'gone';
  end if;
  if enrollment.organization_id <> automation_apply_step.workspace_id then
    raise exception 'enrollment % does not belong to workspace %', enrollment_id, workspace_id using errcode = '42501', detail = 'foreign_enrollment';
  end if;
  if enrollment.status <> 'active' then
    return 'inactive';
  end if;
  if enrollment.current_step is distinct from automation_apply_step.step_id or enrollment.current_visit <> automation_apply_step.visit then
    return 'stale';
  end if;
  select s into step
  from public.automation_workflow_versions v, jsonb_array_elements(v.graph -> 'steps') s
  where v.id = enrollment.version_id and s ->> 'id' = automation_apply_step.step_id;
  step_type := step ->> 'type';
  if next_step is not null and not exists (select 1 from private.automation_step_targets(step) t where t = next_step) then
    raise exception 'automation_apply_step: "%" is not a way out of step "%"', next_step, automation_apply_step.step_id using errcode = '22023';
  end if;
  select * into run from public.automation_step_runs r
  where r.enrollment_id = enrollment.id and r.step_id = automation_apply_step.step_id and r.visit = automation_apply_step.visit;

  if decision ? 'wait_until' then
    if run.id is null then
      due := (decision ->> 'wait_until')::timestamptz;
      insert into public.automation_step_runs (organization_id, enrollment_id, step_id, visit, step_type, status, due_at)
      values (enrollment.organization_id, enrollment.id, automation_apply_step.step_id, automation_apply_step.visit, step_type, 'waiting', due);
      update public.automation_enrollments e set due_at = due where e.id = enrollment.id;
      insert into public.automation_run_log (organization_id, workflow_id, enrollment_id, contact_id, event, step_id, detail)
      values (enrollment.organization_id, enrollment.workflow_id, enrollment.id, enrollment.contact_id, 'waiting', automation_apply_step.step_id, due::text);
    else
      due := run.due_at;
    end if;
    perform private.enqueue_job('automation_step', job_payload, due, 'automation:' || enrollment.id, 10);
    return 'waiting';
  end if;
  if run.id is not null and run.status <> 'waiting' then
    return 'stale';
  end if;
  -- The contact left the run before this step (its workflow's goal is met): the step does nothing.
  if decision ? 'exit' then
    if run.id is not null then
      update public.automation_step_runs r set status = 'skipped', outcome = left('exit_' || (decision ->> 'exit'), 200), due_at = null, finished_at = now()
      where r.id = run.id;
    end if;
    update public.automation_enrollments e set status = 'exited', exit_reason = decision ->> 'exit', due_at = null, finished_at = now()
    where e.id = enrollment.id;
    insert into public.automation_run_log (organization_id, workflow_id, enrollment_id, contact_id, event, step_id, detail)
    values (enrollment.organization_id, enrollment.workflow_id, enrollment.id, enrollment.contact_id, 'exited', automation_apply_step.step_id,
      decision ->> 'exit');
    return 'exited';
  end if;

  select * into contact from public.contacts c where c.id = enrollment.contact_id and c.organization_id = enrollment.organization_id for update;
  begin
    case step_type
      when 'add_tag' then
        update public.contacts c set tags = case when step ->> 'tag' = any(c.tags) then c.tags else c.tags || (step ->> 'tag') end
        where c.id = contact.id and c.organization_id = enrollment.organization_id;
      when 'remove_tag' then
        update public.contacts c set tags = array_remove(c.tags, step ->> 'tag')
        where c.id = contact.id and c.organization_id = enrollment.organization_id;
      when 'set_stage' then
        update public.contacts c set lifecycle_stage = step ->> 'stage'
        where c.id = contact.id and c.organization_id = enrollment.organization_id;
      when 'adjust_score' then
        update public.contacts c set score_adjustment = greatest(-100, least(100, c.score_adjustment + (step ->> 'points')::integer))
        where c.id = contact.id and c.organization_id = enrollment.organization_id;
      when 'set_owner' then
        recipient := (step ->> 'member')::uuid;
        if not exists (select 1 from public.organization_members m where m.organization_id = enrollment.organization_id and m.user_id = recipient) then
          run_status := 'skipped';
          step_outcome := 'not_a_member';
        else
          update public.contacts c set owner_id = recipient where c.id = contact.id and c.organization_id = enrollment.organization_id;
        end if;
      when 'webhook' then
        select x.status, x.outcome into extra
        from private.automation_call_webhook(enrollment, automation_apply_step.step_id, automation_apply_step.visit, step, contact) x;
        run_status := extra.status;
        step_outcome := extra.outcome;
      when 'notify' then
        recipient := case when step ->> 'member' = 'owner' then contact.owner_id else (step ->> 'member')::uuid end;
        if recipient is null then
          run_status := 'skipped';
          step_outcome := 'no_owner';
        elsif not exists (select 1 from public.organization_members m where m.organization_id = enrollment.organization_id and m.user_id = recipient) then
          run_status := 'skipped';
          step_outcome := 'not_a_member';
        else
          select w.name into workflow_name from public.automation_workflows w where w.id = enrollment.workflow_id;
          contact_name := coalesce(nullif(btrim(concat_ws(' ', contact.first_name, contact.last_name)), ''), contact.email, 'A contact');
          insert into public.member_notices (organization_id, user_id, title, body, contact_id, workflow_id)
          values (enrollment.organization_id, recipient, left(workflow_name || ': ' || contact_name, 200),
            left(coalesce(step ->> 'message', ''), 2000), contact.id, enrollment.workflow_id);
          if coalesce((step ->> 'email')::boolean, false) then
            email_id := private.automation_notify_email(enrollment, automation_apply_step.step_id, automation_apply_step.visit, recipient,
              left(workflow_name || ': ' || contact_name, 200), left(coalesce(step ->> 'message', ''), 2000));
          end if;
        end if;
      when 'send_email' then
        if step ->> 'template_id' is not null then
          select s.delivery_id, s.outcome into queued_delivery, send_outcome
          from private.send_email_template(enrollment.organization_id, (step ->> 'template_id')::uuid, enrollment.contact_id,
            'automation:' || enrollment.id || ':' || automation_apply_step.step_id || ':' || automation_apply_step.visit) s;
          if send_outcome = 'suppressed' then
            run_status := 'skipped';
            step_outcome := 'suppressed';
          elsif send_outcome = 'no_address' then
            run_status := 'skipped';
            step_outcome := 'no_email';
          elsif send_outcome = 'unknown_template' then
            raise exception 'The e-mail template of step "%" is no longer one of this workspace''s templates.', automation_apply_step.step_id
              using detail = 'unknown_template';
          elsif send_outcome = 'unknown_contact' then
            raise exception 'The contact is no longer in this workspace.' using detail = 'unknown_contact';
          elsif send_outcome is distinct from 'queued' and send_outcome is distinct from 'already_queued' then
            raise exception 'The e-mail could not be queued (%).', coalesce(send_outcome, 'no answer');
          end if;
        else
          -- The inline form (20261128330100): a delivery of the Email Platform with its own subject and text.
          select s.delivery_id, s.outcome into queued_delivery, send_outcome
          from private.send_automation_email(enrollment.organization_id, enrollment.contact_id, step ->> 'subject', step ->> 'body',
            'automation:' || enrollment.id || ':' || automation_apply_step.step_id || ':' || automation_apply_step.visit) s;
          if send_outcome = 'suppressed' then
            run_status := 'skipped';
            step_outcome := 'suppressed';
          elsif send_outcome = 'no_address' then
            run_status := 'skipped';
            step_outcome := 'no_email';
          elsif send_outcome = 'unknown_contact' then
            raise exception 'The contact is no longer in this workspace.' using detail = 'unknown_contact';
          elsif send_outcome is distinct from 'queued' and send_outcome is distinct from 'already_queued' then
            raise exception 'The e-mail could not be queued (%).', coalesce(send_outcome, 'no answer');
          end if;
        end if;
      else
        null;
    end case;
    if run.id is null then
      insert into public.automation_step_runs (organization_id, enrollment_id, step_id, visit, step_type, status, outcome, email_id,
        email_delivery_id, finished_at)
      values (enrollment.organization_id, enrollment.id, automation_apply_step.step_id, automation_apply_step.visit, step_type,
        run_status, step_outcome, email_id, queued_delivery, now());
    else
      update public.automation_step_runs r set status = run_status, outcome = step_outcome, email_delivery_id = queued_delivery, finished_at = now()
      where r.id = run.id;
    end if;
  exception when others then
    -- The effect is undone (this block's subtransaction); the run records the failure and the contact leaves.
    -- An e-mail step that failed for a known reason says it in the run's outcome (unknown_template, unknown_contact).
    get stacked diagnostics failure = message_text, failure_outcome = pg_exception_detail;
    failure := left(failure, 1000);
    failure_outcome := case when failure_outcome in ('unknown_template', 'unknown_contact') then failure_outcome end;
    insert into public.automation_step_runs as r (organization_id, enrollment_id, step_id, visit, step_type, status, outcome, error, finished_at)
    values (enrollment.organization_id, enrollment.id, automation_apply_step.step_id, automation_apply_step.visit, step_type, 'failed',
      failure_outcome, failure, now())
    on conflict on constraint automation_step_runs_enrollment_id_step_id_visit_key do update
      set status = 'failed', outcome = excluded.outcome, error = excluded.error, finished_at = now();
    update public.automation_enrollments e set status = 'failed', error = failure, due_at = null, finished_at = now() where e.id = enrollment.id;
    insert into public.automation_run_log (organization_id, workflow_id, enrollment_id, contact_id, event, step_id, detail)
    values (enrollment.organization_id, enrollment.workflow_id, enrollment.id, enrollment.contact_id, 'failed', automation_apply_step.step_id, failure);
    return 'failed';
  end;

  insert into public.automation_run_log (organization_id, workflow_id, enrollment_id, contact_id, event, step_id, detail)
  values (enrollment.organization_id, enrollment.workflow_id, enrollment.id, enrollment.contact_id, 'step', automation_apply_step.step_id, step_outcome);
  if step_type = 'end' or next_step is null then
    update public.automation_enrollments e set status = 'finished', current_step = null, due_at = null, finished_at = now() where e.id = enrollment.id;
    insert into public.automation_run_log (organization_id, workflow_id, enrollment_id, contact_id, event)
    values (enrollment.organization_id, enrollment.workflow_id, enrollment.id, enrollment.contact_id, 'finished');
    return 'finished';
  end if;
  select coalesce(max(r.visit), 0) + 1 into next_visit from public.automation_step_runs r where r.enrollment_id = enrollment.id and r.step_id = next_step;
  update public.automation_enrollments e set current_step = next_step, current_visit = next_visit, due_at = null where e.id = enrollment.id;
  return 'continue';
end
$$;
