-- What the SEO Toolkit reads of an audit besides plain table reads, running as the caller (RLS decides):
--   seo_issue_summary(audit_id)           one row per check: severity, pages, their page views, priority
--   seo_audit_changes(audit_id, previous) each issue of either audit: new, fixed or open between the two

-- The issues of an audit by check, in the order to fix them: the sum over the affected pages of severity weight ×
-- (page views + 1), so an issue on pages people visit comes before the same issue on pages nobody opens.
create function public.seo_issue_summary(audit_id uuid)
returns table (check_id text, severity text, pages integer, pageviews bigint, priority numeric)
language sql stable
set search_path = ''
as $$
  select i.check_id, min(i.severity), count(*)::integer, sum(i.pageviews)::bigint, sum(i.priority)
  from public.seo_issues i
  where i.audit_id = seo_issue_summary.audit_id
  group by i.check_id
  order by sum(i.priority) desc, i.check_id
$$;

-- New, fixed and still open issues between an audit and an earlier one of the same site (by default the last
-- finished one before it). An issue is the same issue when it is the same check on the same address.
create function public.seo_audit_changes(audit_id uuid, previous_audit_id uuid default null)
returns table (check_id text, url text, severity text, state text, pageviews integer)
language plpgsql stable
set search_path = ''
as $$
declare
  current_audit public.seo_audits;
  previous uuid := previous_audit_id;
begin
  select a.* into current_audit from public.seo_audits a where a.id = seo_audit_changes.audit_id;
  if current_audit.id is null then
    return;
  end if;
  if previous is null then
    select a.id into previous from public.seo_audits a
    where a.site_id = current_audit.site_id and a.status = 'done' and a.created_at < current_audit.created_at
    order by a.created_at desc limit 1;
  elsif not exists (select 1 from public.seo_audits a where a.id = previous and a.site_id = current_audit.site_id) then
    raise exception 'The earlier audit is not of the same site.' using errcode = 'P0001', detail = 'other_site';
  end if;
  return query
    select coalesce(n.check_id, o.check_id), coalesce(n.url, o.url), coalesce(n.severity, o.severity),
      case when o.id is null then 'new' when n.id is null then 'fixed' else 'open' end,
      coalesce(n.pageviews, o.pageviews)
    from (select * from public.seo_issues i where i.audit_id = current_audit.id) n
    full join (select * from public.seo_issues i where previous is not null and i.audit_id = previous) o
      on o.check_id = n.check_id and o.url = n.url
    order by 4, private.seo_severity_weight(coalesce(n.severity, o.severity)) desc, 5 desc, 2;
end
$$;

revoke all on function public.seo_issue_summary(uuid), public.seo_audit_changes(uuid, uuid) from public, anon;
grant execute on function public.seo_issue_summary(uuid), public.seo_audit_changes(uuid, uuid) to authenticated;
grant execute on function private.seo_severity_weight(text) to authenticated;
