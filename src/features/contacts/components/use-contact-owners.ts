import { useMemo } from 'react';
import { contactsCopy } from '@/config/contacts-copy';
import { memberName } from '@/lib/member-display';
import { useWorkspaceMembers } from '@/lib/workspace-members';

/** The workspace's members as owner choices ('none' first) and a way to name a contact's owner. */
export function useContactOwners() {
  const members = useWorkspaceMembers();
  return useMemo(() => {
    const owners = [{ value: 'none', label: contactsCopy.filters.nobody }, ...(members.data ?? []).map((member) => ({ value: member.userId, label: memberName(member) }))];
    const names = new Map(owners.map((owner) => [owner.value, owner.label]));
    return { owners, ownerName: (ownerId: string | null) => (ownerId ? (names.get(ownerId) ?? '—') : '—') };
  }, [members.data]);
}
