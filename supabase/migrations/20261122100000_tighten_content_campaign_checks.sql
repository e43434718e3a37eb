-- Titles and tags as the app shows them back.
--
-- A title must hold a visible character (btrim() only strips spaces: a title of tabs or line breaks passed) and is
-- at most 200 characters as stored, not after trimming.
-- Tags are edited as comma-separated text: a stored tag that is empty, has surrounding white space or holds a comma
-- would come back changed after the next edit, so none is accepted; each is at most 50 characters.
-- A campaign's type says which console lists it (the Ad Console lists 'advertising'): it is set on insert and no
-- screen changes it, so members can no longer update it.

-- Rows written before: blank titles become 'Untitled', the others are trimmed and cut to 200 characters.
update public.content_items set title = 'Untitled' where title !~ '\S';
update public.campaigns set title = 'Untitled' where title !~ '\S';
update public.content_items set title = left(btrim(title, E' \t\r\n'), 200) where title <> left(btrim(title, E' \t\r\n'), 200);
update public.campaigns set title = left(btrim(title, E' \t\r\n'), 200) where title <> left(btrim(title, E' \t\r\n'), 200);

alter table public.content_items drop constraint content_items_title_length;
alter table public.content_items add constraint content_items_title_length check (char_length(title) <= 200 and title ~ '\S');
alter table public.campaigns drop constraint campaigns_title_length;
alter table public.campaigns add constraint campaigns_title_length check (char_length(title) <= 200 and title ~ '\S');

create function private.are_clean_tags(tags text[]) returns boolean
language sql immutable parallel safe
set search_path = ''
as $$
  select coalesce(bool_and(tag ~ '^\S(.*\S)?$' and char_length(tag) <= 50 and strpos(tag, ',') = 0), true)
  from unnest(tags) as tag
$$;

-- Evaluated in the check below as the writing role.
revoke all on function private.are_clean_tags(text[]) from public;
grant execute on function private.are_clean_tags(text[]) to authenticated, service_role;

-- Rows written before this check: split on commas, trim, drop empty entries, cut to 50 characters and 50 tags.
update public.content_items
set tags = coalesce(
  (select (array_agg(btrim(left(cleaned, 50), E' \t\r\n') order by tag_position, part_position))[1:50]
   from unnest(tags) with ordinality as entry(tag, tag_position),
        unnest(string_to_array(tag, ',')) with ordinality as part(raw, part_position),
        btrim(raw, E' \t\r\n') as cleaned
   where cleaned <> ''),
  '{}')
where not private.are_clean_tags(tags);

alter table public.content_items add constraint content_items_tags_entries check (private.are_clean_tags(tags));

revoke update (type) on table public.campaigns from authenticated;
