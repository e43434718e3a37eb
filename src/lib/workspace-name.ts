import { workspaceCopy } from '@/config/team-copy';

export const WORKSPACE_NAME_MAX = 120;

/** The name as it will be stored (trimmed), or the message to show by the field (as the database checks it). */
export function checkWorkspaceName(input: string): { name: string; error?: undefined } | { name?: undefined; error: string } {
  const name = input.trim();
  if (name === '') return { error: workspaceCopy.nameRequired };
  if (name.length > WORKSPACE_NAME_MAX) return { error: workspaceCopy.nameTooLong };
  return { name };
}
