-- Importing contacts from a CSV file (Mailchimp, HubSpot, Google Contacts exports), one batch of up to 1,000 rows
-- a call: the app maps the file's columns, checks each line, then sends the lines in batches with their line
-- numbers and shows progress between batches.
--
--   import_contacts(workspace_id, rows, on_duplicate, dry_run) → {"created": n, "updated": n,
--       "skipped": [{"line": n, "reason": text}], "errors": [{"line": n, "message": text}]}
--
-- rows: [{"line": 2, "first_name": …, "last_name", "email", "company", "job_title", "phone", "source",
-- "lifecycle_stage", "tags" (array, or text split at commas and semicolons), "notes"}, …]; blank values are absent.
-- Every line is checked by the database itself (the table's rules): a bad line is named with why, the others are
-- imported. A line whose e-mail is already a contact of the workspace (any case) is skipped (on_duplicate 'skip')
-- or merged into it (on_duplicate 'merge': the line's non-blank values replace the contact's, tags are added), so
-- importing a file again updates instead of duplicating. dry_run: everything is checked and counted, nothing is
-- kept (the app's "import nothing if any line is bad" checks every batch this way first).
-- Needs the access role member or higher; the source of a new contact is 'import' unless the line names one.

create function public.import_contacts(workspace_id uuid, rows jsonb, on_duplicate text default 'skip', dry_run boolean default false)
returns jsonb
language plpgsql volatile security definer
set search_path = ''
as $$
declare
  org uuid := import_contacts.workspace_id;
  line_row jsonb;
  line_number integer;
  tags_value jsonb;
  line_tags text[];
  candidate public.contacts;
  existing_id uuid;
  seen jsonb := '{}'::jsonb;
  created integer := 0;
  updated integer := 0;
  skipped jsonb := '[]'::jsonb;
  errors jsonb := '[]'::jsonb;
  field text;
begin
  perform private.require_workspace_role(org, 'member');
  if on_duplicate is null or on_duplicate not in ('skip', 'merge') then
    raise exception 'Choose what happens to a line whose e-mail is already a contact: skip or merge.'
      using errcode = 'P0001', detail = 'invalid_duplicate_choice';
  end if;
  if rows is null or jsonb_typeof(rows) <> 'array' or jsonb_array_length(rows) > 1000 then
    raise exception 'Send the lines as a list of at most 1,000 at a time.' using errcode = 'P0001', detail = 'invalid_batch';
  end if;

  begin
    for line_row in select value from jsonb_array_elements(rows) loop
      line_number := case when jsonb_typeof(line_row -> 'line') = 'number' then (line_row ->> 'line')::numeric::integer end;
      begin
        if jsonb_typeof(line_row) <> 'object' then
          raise exception 'This line is not a set of fields.' using errcode = '22023';
        end if;
        for field in select jsonb_object_keys(line_row) loop
          if field not in ('line', 'first_name', 'last_name', 'email', 'company', 'job_title', 'phone', 'source',
                           'lifecycle_stage', 'tags', 'notes') then
            raise exception 'Unknown field "%".', left(field, 50) using errcode = '22023';
          end if;
          if field not in ('line', 'tags') and jsonb_typeof(line_row -> field) not in ('string', 'null') then
            raise exception 'The field "%" must be text.', field using errcode = '22023';
          end if;
        end loop;

        tags_value := line_row -> 'tags';
        line_tags := case jsonb_typeof(tags_value)
          when 'array' then array(select btrim(t) from jsonb_array_elements_text(tags_value) t where btrim(t) <> '')
          when 'string' then array(select btrim(t) from regexp_split_to_table(tags_value #>> '{}', '[,;]') t where btrim(t) <> '')
          else '{}'::text[]
        end;

        candidate := null;
        candidate.organization_id := org;
        candidate.first_name := nullif(btrim(line_row ->> 'first_name'), '');
        candidate.last_name := nullif(btrim(line_row ->> 'last_name'), '');
        candidate.email := nullif(btrim(line_row ->> 'email'), '');
        candidate.company := nullif(btrim(line_row ->> 'company'), '');
        candidate.job_title := nullif(btrim(line_row ->> 'job_title'), '');
        candidate.phone := nullif(btrim(line_row ->> 'phone'), '');
        candidate.source := coalesce(nullif(btrim(line_row ->> 'source'), ''), 'import');
        candidate.lifecycle_stage := nullif(btrim(line_row ->> 'lifecycle_stage'), '');
        candidate.notes := nullif(btrim(line_row ->> 'notes'), '');
        candidate.tags := line_tags;

        existing_id := null;
        if candidate.email is not null then
          select c.id into existing_id from public.contacts c
          -- `email is not null` lets the planner use the partial unique index (organization_id, lower(email)).
          where c.organization_id = org and c.email is not null and lower(c.email) = lower(candidate.email)
          for update;
        end if;

        if existing_id is not null and on_duplicate = 'skip' then
          skipped := skipped || jsonb_build_object('line', line_number, 'reason',
            coalesce('Same e-mail as line ' || (seen ->> lower(candidate.email)) || ' of this file.',
                     'A contact with this e-mail already exists.'));
        elsif existing_id is not null then
          update public.contacts c set
            first_name = coalesce(candidate.first_name, c.first_name),
            last_name = coalesce(candidate.last_name, c.last_name),
            company = coalesce(candidate.company, c.company),
            job_title = coalesce(candidate.job_title, c.job_title),
            phone = coalesce(candidate.phone, c.phone),
            source = coalesce(nullif(btrim(line_row ->> 'source'), ''), c.source),
            lifecycle_stage = coalesce(candidate.lifecycle_stage, c.lifecycle_stage),
            notes = coalesce(candidate.notes, c.notes),
            tags = private.merge_tags(c.tags, candidate.tags, '{}')
          where c.id = existing_id;
          updated := updated + 1;
        else
          insert into public.contacts (organization_id, first_name, last_name, email, company, job_title, phone, source,
            lifecycle_stage, tags, notes)
          values (org, candidate.first_name, candidate.last_name, candidate.email, candidate.company, candidate.job_title,
            candidate.phone, candidate.source, coalesce(candidate.lifecycle_stage, 'subscriber'), candidate.tags, candidate.notes);
          created := created + 1;
          if candidate.email is not null then
            seen := seen || jsonb_build_object(lower(candidate.email), line_number);
          end if;
        end if;
      exception
        when sqlstate '22023' or check_violation or not_null_violation or string_data_right_truncation
          or invalid_text_representation or unique_violation then
          errors := errors || jsonb_build_object('line', line_number, 'message', private.import_error_message(sqlerrm, sqlstate));
      end;
    end loop;
    if dry_run then
      raise exception 'dry run' using errcode = 'BB001';
    end if;
  exception
    when sqlstate 'BB001' then
      null;
  end;
  return jsonb_build_object('created', created, 'updated', updated, 'skipped', skipped, 'errors', errors);
end
$$;

-- A constraint's name in words a person importing a file understands.
create function private.import_error_message(message text, state text) returns text
language sql immutable
set search_path = ''
as $$
  select case
    when state = '22023' then message
    when message like '%contacts_organization_email_key%' then 'A contact with this e-mail already exists.'
    when message like '%contacts_email_format%' then 'The e-mail address is not valid.'
    when message like '%contacts_named%' then 'A contact needs a first name, a last name or an e-mail address.'
    when message like '%contacts_first_name_length%' then 'The first name is longer than 100 characters.'
    when message like '%contacts_last_name_length%' then 'The last name is longer than 100 characters.'
    when message like '%contacts_company_length%' then 'The company is longer than 120 characters.'
    when message like '%contacts_job_title_length%' then 'The job title is longer than 120 characters.'
    when message like '%contacts_phone_format%' then 'The phone number may hold digits, spaces and + ( ) . / - only, at most 40.'
    when message like '%contacts_source_check%' then 'The source is not one of form, import, manual, event, referral, other.'
    when message like '%contacts_lifecycle_stage_check%' then
      'The lifecycle stage is not one of subscriber, lead, marketing_qualified, sales_qualified, customer, churned.'
    when message like '%contacts_tags_check%' then 'Tags have 1 to 50 characters, at most 50 a contact.'
    when message like '%contacts_notes_length%' then 'The notes are longer than 5,000 characters.'
    else 'This line could not be imported: ' || left(message, 200)
  end
$$;

revoke all on function private.import_error_message(text, text) from public, anon, authenticated;
revoke all on function public.import_contacts(uuid, jsonb, text, boolean) from public, anon;
grant execute on function public.import_contacts(uuid, jsonb, text, boolean) to authenticated, service_role;
