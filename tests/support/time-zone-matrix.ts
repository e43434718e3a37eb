import { DENY_ANON, NOT_MEMBER, REFUSED, TOO_LOW, type Operation, type World } from './tenant-matrix';

/** The tenant matrix's rows for a workspace's time zone (20261128300100): admins and owners set it, everyone reads it. */
export function timeZoneOperations(world: World): Record<string, Operation> {
  return {
    'set_workspace_time_zone(): Europe/Berlin for workspace 1 (admins and owners)': {
      run: (a) => a.client.rpc('set_workspace_time_zone', { workspace_id: world().workspace1, time_zone: 'Europe/Berlin' }),
      answer: (data) => (data as { time_zone: string }).time_zone,
      cells: ['ok Europe/Berlin → organizations ~1', 'ok Europe/Berlin → organizations ~1', TOO_LOW, TOO_LOW, NOT_MEMBER, NOT_MEMBER, NOT_MEMBER, DENY_ANON],
    },
    'set_workspace_time_zone(): a zone that does not exist': {
      run: (a) => a.client.rpc('set_workspace_time_zone', { workspace_id: world().workspace1, time_zone: 'Mars/Olympus_Mons' }),
      answer: 'ok',
      cells: ['400 P0001 time_zone_unknown', '400 P0001 time_zone_unknown', TOO_LOW, TOO_LOW, NOT_MEMBER, NOT_MEMBER, NOT_MEMBER, DENY_ANON],
    },
    'organizations: set time_zone directly': {
      run: (a) => a.client.from('organizations').update({ time_zone: 'Europe/Berlin' } as never).eq('id', world().workspace1).select('id'),
      answer: 'rows',
      cells: [REFUSED, REFUSED, REFUSED, REFUSED, REFUSED, REFUSED, REFUSED, DENY_ANON],
    },
    'time_zone_names(): the zones to choose from': {
      run: (a) => a.client.rpc('time_zone_names'),
      answer: (data) => ((data as string[]).includes('Europe/Berlin') && !(data as string[]).some((name) => name.startsWith('posix/')) ? 'IANA names' : 'wrong list'),
      cells: ['ok IANA names', 'ok IANA names', 'ok IANA names', 'ok IANA names', 'ok IANA names', 'ok IANA names', 'ok IANA names', DENY_ANON],
    },
  };
}
