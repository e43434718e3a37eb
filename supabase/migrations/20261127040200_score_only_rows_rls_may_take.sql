-- The score trigger says nothing about a workspace the caller may not write to (attack review of 20261127020000).
-- private.score_contact() runs before row-level security checks a new row (BEFORE triggers come first) and, as
-- security definer, scored an outsider's refused insert against the target workspace's rules: how long the refusal
-- took told whether the workspace existed and how many tag rules it had (a median of 23 ms with the default rules,
-- 652 ms with 88 tag rules, for 20,000 tags in the insert), and each such request cost the server the scoring.
-- Like the owner and rule-limit checks of 20261127020000: for a caller through the API (the JWT's role anon or
-- authenticated) who is not a member (member or higher) of the row's workspace, the row goes on unscored and
-- row-level security refuses it next. The database's own functions, service_role and other callers score in full.

create or replace function private.score_contact() returns trigger
language plpgsql security definer
set search_path = ''
as $$
begin
  if coalesce(nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'role', '') in ('anon', 'authenticated')
     and new.organization_id not in (select private.organization_ids_with_role('member')) then
    return new;
  end if;
  new.lead_score := coalesce((select s.score from private.lead_scores(array[new]) s), 0);
  return new;
end
$$;
