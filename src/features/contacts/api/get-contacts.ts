import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { CONTACTS_PAGE_SIZE } from '@/config/contact-options';
import { contactKeys } from '@/features/contacts/api/keys';
import { allContactsOf, contactsPageQuery, type Contact } from '@/features/contacts/api/contacts-query';
import { contactCursor, type ContactCursor } from '@/features/contacts/utils/contact-keyset';
import type { ContactFilters } from '@/features/contacts/utils/contact-filters';
import { unwrap } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import { useWorkspace } from '@/lib/workspace';

interface ContactsPage {
  items: Contact[];
  nextCursor: ContactCursor | null;
}

async function getContactsPage(workspaceId: string, filters: ContactFilters, cursor: ContactCursor | null): Promise<ContactsPage> {
  const rows = (unwrap(await contactsPageQuery(supabase, workspaceId, filters, cursor, CONTACTS_PAGE_SIZE + 1)) ?? []) as Contact[];
  if (rows.length <= CONTACTS_PAGE_SIZE) return { items: rows, nextCursor: null };
  const items = rows.slice(0, CONTACTS_PAGE_SIZE);
  return { items, nextCursor: contactCursor(filters.sort, items[items.length - 1]!) };
}

/** Every contact of the filters, a thousand at a time (the CSV export of the current filter). */
export function getAllContacts(workspaceId: string, filters: ContactFilters): Promise<Contact[]> {
  return allContactsOf(supabase, workspaceId, filters);
}

export function contactsQueryOptions(workspaceId: string, filters: ContactFilters) {
  return infiniteQueryOptions({
    queryKey: contactKeys.list(workspaceId, filters),
    queryFn: ({ pageParam }) => getContactsPage(workspaceId, filters, pageParam),
    initialPageParam: null as ContactCursor | null,
    getNextPageParam: (page) => page.nextCursor,
  });
}

/** The current workspace's contacts for the filters; new filters keep the previous list on screen until answered. */
export function useContacts(filters: ContactFilters) {
  const workspaceId = useWorkspace().current?.id ?? null;
  return useInfiniteQuery({ ...contactsQueryOptions(workspaceId ?? '', filters), enabled: workspaceId !== null, placeholderData: keepPreviousData });
}
