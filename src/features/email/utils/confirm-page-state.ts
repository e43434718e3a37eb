import { isInvalidConfirmationLink } from './email-failure';

/** A request of the confirmation page, as TanStack Query reports it. */
interface Request<T> {
  status: 'pending' | 'error' | 'success';
  error: unknown;
  data: T | undefined;
}

interface Names {
  list_name: string;
  workspace_name: string;
}

const namesOf = ({ list_name, workspace_name }: Names): Names => ({ list_name, workspace_name });

/** What the double opt-in link's page shows. */
export type ConfirmPageState =
  | { view: 'loading' }
  /** The link was refused (not valid, expired, unsubscribed since): no retry. */
  | { view: 'invalid' }
  /** The link could not be read (network, server): read it again on request. */
  | { view: 'load-failed' }
  /** The list, and the button that confirms; `failed`: the last click's request did not get through. */
  | { view: 'ask'; names: Names; confirming: boolean; failed: boolean }
  | { view: 'confirmed'; names: Names }
  | { view: 'already'; names: Names };

/**
 * The page from its two requests: the link read on load (nothing confirmed) and the button's confirmation (idle
 * until clicked). The confirmation's answer wins over what the load read.
 */
export function confirmPageState(
  load: Request<Names & { status: 'pending' | 'already_confirmed' }>,
  confirm: { status: 'idle' | 'pending' | 'error' | 'success'; error: unknown; data: (Names & { status: string }) | undefined },
): ConfirmPageState {
  if (confirm.status === 'success' && confirm.data) {
    return { view: confirm.data.status === 'confirmed' ? 'confirmed' : 'already', names: namesOf(confirm.data) };
  }
  if (confirm.status === 'error' && isInvalidConfirmationLink(confirm.error)) return { view: 'invalid' };
  if (load.status === 'pending') return { view: 'loading' };
  if (load.status === 'error' || !load.data) return { view: isInvalidConfirmationLink(load.error) ? 'invalid' : 'load-failed' };
  if (load.data.status === 'already_confirmed') return { view: 'already', names: namesOf(load.data) };
  return { view: 'ask', names: namesOf(load.data), confirming: confirm.status === 'pending', failed: confirm.status === 'error' };
}
