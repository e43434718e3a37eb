-- Bounces and complaints from the sending provider (decision 0020). Each workspace has one webhook endpoint,
-- /e/webhooks/<endpoint token>/<provider>, served by the server (and by `npm run worker` on hosted Supabase), which
-- verifies each provider's notification as the provider documents it — Amazon SES through SNS (the message's
-- signature and its topic), Postmark (basic auth credentials in the webhook URL), SendGrid (its signed event
-- webhook: ECDSA over timestamp and body), and a generic format (HMAC-SHA256 over "<timestamp>.<body>") — and hands
-- the events here. A hard bounce or a complaint suppresses the address in the workspace; soft bounces are recorded.
-- Admins and owners read the endpoint and its secrets and set SendGrid's key and the SNS topic.

-- The workspace of an endpoint token and its secrets (the server verifies with them).
create function private.email_webhook_endpoint(endpoint_token text)
returns table (workspace_id uuid, postmark_password text, generic_secret text, sendgrid_public_key text, sns_topic_arn text)
language sql stable security definer
set search_path = ''
as $$
  select w.organization_id, w.postmark_password, w.generic_secret, w.sendgrid_public_key, w.sns_topic_arn
  from private.email_webhook_secrets w
  where endpoint_token is not null and char_length(endpoint_token) between 20 and 100 and w.endpoint_token = email_webhook_endpoint.endpoint_token
$$;

-- Events of one workspace: [{type: bounce | complaint | delivery, email, message_id?, bounce_type?: hard | soft,
-- detail?}]. Each is matched to the message by its Message-ID (ours: every provider passes the header on), else to
-- the latest message of the workspace to that address. Returns how many were recorded and how many addresses
-- suppressed.
create function private.record_email_feedback(workspace_id uuid, events jsonb) returns jsonb
language plpgsql volatile security definer
set search_path = ''
as $$
declare
  event jsonb;
  kind text;
  address text;
  message text;
  hard boolean;
  delivery_id bigint;
  recorded integer := 0;
  suppressed integer := 0;
begin
  if jsonb_typeof(events) <> 'array' then
    return jsonb_build_object('recorded', 0, 'suppressed', 0);
  end if;
  for event in select value from jsonb_array_elements(events) limit 500 loop
    kind := event ->> 'type';
    address := lower(btrim(event ->> 'email'));
    message := btrim(event ->> 'message_id', ' <>');
    hard := coalesce(event ->> 'bounce_type', 'hard') = 'hard';
    continue when kind not in ('bounce', 'complaint', 'delivery') or address is null or not private.is_plain_email(address);
    delivery_id := null;
    if message is not null and message <> '' then
      select d.id into delivery_id from public.email_deliveries d
      where d.organization_id = record_email_feedback.workspace_id and d.message_id = '<' || message || '>' and lower(d.email) = address;
    end if;
    if delivery_id is null then
      select d.id into delivery_id from public.email_deliveries d
      where d.organization_id = record_email_feedback.workspace_id and lower(d.email) = address
      order by d.created_at desc limit 1;
    end if;
    if kind = 'bounce' then
      update public.email_deliveries d set bounced_at = coalesce(d.bounced_at, now()),
        bounce_type = case when hard then 'hard' else coalesce(d.bounce_type, 'soft') end,
        bounce_detail = left(event ->> 'detail', 1000)
      where d.id = delivery_id;
      if hard then
        perform private.suppress_email(workspace_id, address, 'hard_bounce', left(coalesce(event ->> 'detail', 'Hard bounce'), 500));
        suppressed := suppressed + 1;
      end if;
      perform private.record_workspace_event(workspace_id, 'email.bounced', null,
        jsonb_strip_nulls(jsonb_build_object('delivery_id', delivery_id, 'hard', hard)));
    elsif kind = 'complaint' then
      update public.email_deliveries d set complained_at = coalesce(d.complained_at, now()) where d.id = delivery_id;
      perform private.suppress_email(workspace_id, address, 'complaint', left(coalesce(event ->> 'detail', 'Marked as spam'), 500));
      suppressed := suppressed + 1;
      perform private.record_workspace_event(workspace_id, 'email.complained', null, jsonb_strip_nulls(jsonb_build_object('delivery_id', delivery_id)));
    end if;
    recorded := recorded + 1;
  end loop;
  return jsonb_build_object('recorded', recorded, 'suppressed', suppressed);
end
$$;

revoke all on function private.email_webhook_endpoint(text), private.record_email_feedback(uuid, jsonb) from public, anon, authenticated;

-- For admins and owners: the endpoint token and the secrets to paste into the provider's settings.
create function public.email_webhook_settings(workspace_id uuid)
returns table (endpoint_token text, postmark_password text, generic_secret text, sendgrid_public_key text, sns_topic_arn text)
language plpgsql stable security definer
set search_path = ''
as $$
begin
  perform private.require_workspace_role(email_webhook_settings.workspace_id, 'admin');
  return query
    select w.endpoint_token, w.postmark_password, w.generic_secret, w.sendgrid_public_key, w.sns_topic_arn
    from private.email_webhook_secrets w where w.organization_id = email_webhook_settings.workspace_id;
end
$$;

-- Sets SendGrid's verification key and the SNS topic (null clears one); `rotate` gives the endpoint and the secrets
-- new values (the old ones stop working at once).
create function public.update_email_webhook_settings(workspace_id uuid, sendgrid_public_key text default null,
  sns_topic_arn text default null, rotate boolean default false) returns void
language plpgsql volatile security definer
set search_path = ''
as $$
begin
  perform private.require_workspace_role(update_email_webhook_settings.workspace_id, 'admin');
  if update_email_webhook_settings.sendgrid_public_key is not null
     and (update_email_webhook_settings.sendgrid_public_key !~ '^[A-Za-z0-9+/=[:space:]-]+$' or char_length(update_email_webhook_settings.sendgrid_public_key) not between 40 and 400) then
    raise exception 'Paste the verification key SendGrid shows (base64).' using errcode = 'P0001', detail = 'invalid_sendgrid_key';
  end if;
  if update_email_webhook_settings.sns_topic_arn is not null
     and update_email_webhook_settings.sns_topic_arn !~ '^arn:aws[a-z-]*:sns:[a-z0-9-]+:[0-9]{12}:[A-Za-z0-9_-]+$' then
    raise exception 'Paste the topic ARN, like arn:aws:sns:eu-west-1:123456789012:ses-feedback.' using errcode = 'P0001', detail = 'invalid_sns_topic';
  end if;
  update private.email_webhook_secrets w
  set sendgrid_public_key = nullif(regexp_replace(update_email_webhook_settings.sendgrid_public_key, '\s', '', 'g'), ''),
    sns_topic_arn = update_email_webhook_settings.sns_topic_arn,
    endpoint_token = case when rotate then private.new_email_token() else w.endpoint_token end,
    postmark_password = case when rotate then private.new_email_token() else w.postmark_password end,
    generic_secret = case when rotate then private.new_email_token() else w.generic_secret end,
    updated_at = now()
  where w.organization_id = update_email_webhook_settings.workspace_id;
end
$$;

revoke all on function public.email_webhook_settings(uuid), public.update_email_webhook_settings(uuid, text, text, boolean) from public;
grant execute on function public.email_webhook_settings(uuid), public.update_email_webhook_settings(uuid, text, text, boolean) to authenticated;
