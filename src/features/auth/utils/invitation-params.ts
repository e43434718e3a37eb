import { paths } from '@/config/paths';

export interface InvitationParams {
  /** Where to go once signed in: the invitation page, else null (the dashboard). */
  returnTo: string | null;
  /** The invited address, to prefill. */
  email: string | null;
}

const TOKEN = /^[A-Za-z0-9_-]{1,200}$/;

/**
 * `?invite=<token>&email=<address>` of /auth and /sign-up (links of the invitation page). Only an invitation path
 * is ever returned to, never a URL taken from the query, so the parameter cannot send anyone elsewhere.
 */
export function invitationParams(search: URLSearchParams): InvitationParams {
  const token = search.get('invite');
  const email = search.get('email')?.trim() ?? '';
  return {
    returnTo: token && TOKEN.test(token) ? paths.invite(token) : null,
    email: email && email.length <= 254 ? email : null,
  };
}
