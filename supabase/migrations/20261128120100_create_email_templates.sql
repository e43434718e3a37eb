-- E-mail templates: a workspace's reusable designs (decision 0020). A template is a subject, a preheader and a list of
-- blocks — the visual editor's blocks, stored as data, never as HTML:
--   {"type":"heading","text":"…","level":1|2}
--   {"type":"text","markdown":"…"}            paragraphs with **bold**, *italic* and [links](https://…); no HTML
--   {"type":"image","src":"https://…","alt":"…","href":"https://…","asset_id":"<uuid>","width":40–600}
--   {"type":"button","label":"…","href":"https://…"}
--   {"type":"divider"}
--   {"type":"columns","columns":[[blocks…],[blocks…]]}   two columns of headings, texts, images and buttons
-- Links are http(s) or mailto only. The server renders blocks with react-email and sanitises the result, so nothing a
-- member types becomes markup; this check keeps stored blocks to the shape the renderer knows (a request through
-- the API cannot store anything else). Text may hold merge fields ({{first_name|there}}), filled at sending time.
-- Every member reads templates; members, admins and owners write them.

create function private.email_link_valid(link text) returns boolean
language sql immutable parallel safe
set search_path = ''
as $$
  select link is not null and char_length(link) between 8 and 2000
    and link ~ '^(https?://[^\s<>"''`\\]+|mailto:[^\s<>"''`\\]+)$'
$$;

create function private.email_block_valid(block jsonb, nested boolean) returns boolean
language plpgsql immutable parallel safe
set search_path = ''
as $$
declare
  kind text;
  allowed text[];
  column_blocks jsonb;
begin
  if jsonb_typeof(block) <> 'object' or jsonb_typeof(block -> 'type') <> 'string' then
    return false;
  end if;
  kind := block ->> 'type';
  allowed := case kind
    when 'heading' then array['type', 'text', 'level']
    when 'text' then array['type', 'markdown']
    when 'image' then array['type', 'src', 'alt', 'href', 'asset_id', 'width']
    when 'button' then array['type', 'label', 'href']
    when 'divider' then array['type']
    when 'columns' then array['type', 'columns']
  end;
  if allowed is null or exists (select 1 from jsonb_object_keys(block) k where k <> all (allowed)) then
    return false;
  end if;
  case kind
    when 'heading' then
      return jsonb_typeof(block -> 'text') = 'string' and char_length(block ->> 'text') between 1 and 200
        and private.is_header_text(block ->> 'text')
        and (block -> 'level' is null or block -> 'level' in ('1'::jsonb, '2'::jsonb));
    when 'text' then
      return jsonb_typeof(block -> 'markdown') = 'string' and char_length(block ->> 'markdown') <= 5000;
    when 'image' then
      return jsonb_typeof(block -> 'src') = 'string' and private.email_link_valid(block ->> 'src') and block ->> 'src' ~ '^https?://'
        and (block -> 'alt' is null or (jsonb_typeof(block -> 'alt') = 'string' and char_length(block ->> 'alt') <= 200))
        and (block -> 'href' is null or (jsonb_typeof(block -> 'href') = 'string' and private.email_link_valid(block ->> 'href')))
        and (block -> 'asset_id' is null or (jsonb_typeof(block -> 'asset_id') = 'string'
          and block ->> 'asset_id' ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'))
        and (block -> 'width' is null or (jsonb_typeof(block -> 'width') = 'number' and (block ->> 'width')::numeric between 40 and 600
          and (block ->> 'width')::numeric = floor((block ->> 'width')::numeric)));
    when 'button' then
      return jsonb_typeof(block -> 'label') = 'string' and char_length(btrim(block ->> 'label')) between 1 and 80
        and private.is_header_text(block ->> 'label')
        and jsonb_typeof(block -> 'href') = 'string' and private.email_link_valid(block ->> 'href');
    when 'divider' then
      return true;
    when 'columns' then
      if nested or jsonb_typeof(block -> 'columns') <> 'array' or jsonb_array_length(block -> 'columns') <> 2 then
        return false;
      end if;
      for column_blocks in select value from jsonb_array_elements(block -> 'columns') loop
        if jsonb_typeof(column_blocks) <> 'array' or jsonb_array_length(column_blocks) > 10
           or exists (select 1 from jsonb_array_elements(column_blocks) b where not private.email_block_valid(b.value, true)) then
          return false;
        end if;
      end loop;
      return true;
  end case;
  return false;
end
$$;

create function private.email_blocks_valid(blocks jsonb) returns boolean
language sql immutable parallel safe
set search_path = ''
as $$
  select jsonb_typeof(blocks) = 'array' and jsonb_array_length(blocks) <= 60
    and not exists (select 1 from jsonb_array_elements(blocks) b where not private.email_block_valid(b.value, false))
$$;

revoke all on function private.email_link_valid(text), private.email_block_valid(jsonb, boolean), private.email_blocks_valid(jsonb) from public;
grant execute on function private.email_link_valid(text), private.email_block_valid(jsonb, boolean), private.email_blocks_valid(jsonb)
  to anon, authenticated, service_role;

create table public.email_templates (
  id uuid primary key default gen_random_uuid(),
  organization_id uuid not null default private.current_organization_id() references public.organizations (id) on delete cascade,
  name text not null constraint email_templates_name_check check (char_length(name) between 1 and 100 and name = btrim(name)),
  subject text not null default '' constraint email_templates_subject_check check (char_length(subject) <= 200 and private.is_header_text(subject)),
  preheader text not null default '' constraint email_templates_preheader_check check (char_length(preheader) <= 200 and private.is_header_text(preheader)),
  blocks jsonb not null default '[]'::jsonb constraint email_templates_blocks_check check (private.email_blocks_valid(blocks)),
  created_by uuid default auth.uid() references auth.users (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint email_templates_organization_id_key unique (organization_id, id)
);
create index email_templates_organization_updated_idx on public.email_templates (organization_id, updated_at desc, id);

create trigger email_templates_set_updated_at
  before update on public.email_templates
  for each row execute function private.set_updated_at();

alter table public.email_templates enable row level security;
revoke all on table public.email_templates from anon, authenticated;
grant select, delete on table public.email_templates to authenticated;
grant insert (organization_id, name, subject, preheader, blocks) on table public.email_templates to authenticated;
grant update (name, subject, preheader, blocks) on table public.email_templates to authenticated;
grant all on table public.email_templates to service_role;

create policy "Members read their workspace's e-mail templates" on public.email_templates
  for select to authenticated
  using (organization_id in (select private.current_user_organization_ids()));

create policy "Members add e-mail templates" on public.email_templates
  for insert to authenticated
  with check (organization_id in (select private.organization_ids_with_role('member')));

create policy "Members change their workspace's e-mail templates" on public.email_templates
  for update to authenticated
  using (organization_id in (select private.organization_ids_with_role('member')))
  with check (organization_id in (select private.organization_ids_with_role('member')));

create policy "Members remove their workspace's e-mail templates" on public.email_templates
  for delete to authenticated
  using (organization_id in (select private.organization_ids_with_role('member')));
