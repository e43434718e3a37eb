import { DENY_ANON, NOT_MEMBER, REFUSED, TOO_LOW, type Operation, type World } from './tenant-matrix';

/** The tenant matrix's rows for the two-factor requirement of a workspace (20261128090100). */
export function twoFactorOperations(world: World): Record<string, Operation> {
  return {
    'set_workspace_two_factor(): require it in workspace 1 (owners, from an aal2 session)': {
      run: (a) => a.client.rpc('set_workspace_two_factor', { workspace_id: world().workspace1, required: true }),
      answer: 'ok',
      cells: ['400 P0001 own_two_factor_first', TOO_LOW, TOO_LOW, TOO_LOW, NOT_MEMBER, NOT_MEMBER, NOT_MEMBER, DENY_ANON],
    },
    'set_workspace_two_factor(): not required in workspace 1': {
      run: (a) => a.client.rpc('set_workspace_two_factor', { workspace_id: world().workspace1, required: false }),
      answer: 'ok',
      cells: ['ok → organizations ~1', TOO_LOW, TOO_LOW, TOO_LOW, NOT_MEMBER, NOT_MEMBER, NOT_MEMBER, DENY_ANON],
    },
    'workspaces_requiring_two_factor(): the caller’s own, out of reach at this aal': {
      run: (a) => a.client.rpc('workspaces_requiring_two_factor'),
      answer: 'rows',
      cells: ['rows 0', 'rows 0', 'rows 0', 'rows 0', 'rows 0', 'rows 0', 'rows 0', DENY_ANON],
    },
    'organizations: set require_two_factor directly': {
      run: (a) => a.client.from('organizations').update({ require_two_factor: true } as never).eq('id', world().workspace1).select('id'),
      answer: 'rows',
      cells: [REFUSED, REFUSED, REFUSED, REFUSED, REFUSED, REFUSED, REFUSED, DENY_ANON],
    },
  };
}
