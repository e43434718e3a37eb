import { RealtimeClient as RealRealtimeClient } from '@supabase/realtime-js';
import { describe, expect, it } from 'vitest';
import { REALTIME_LEFT_OUT_MESSAGE, RealtimeClient } from './realtime-left-out';

/** Every method and accessor of the real client, as supabase-js' version in node_modules defines them. */
function realClientMembers(): string[] {
  const names = new Set<string>();
  for (let proto = RealRealtimeClient.prototype as object; proto !== Object.prototype; proto = Object.getPrototypeOf(proto) as object) {
    for (const name of Object.getOwnPropertyNames(proto)) if (name !== 'constructor') names.add(name);
  }
  return [...names];
}

describe('the Realtime stand-in of the browser bundle', () => {
  it('is constructed as supabase-js constructs it, and accepts the tokens it passes on sign-in, refresh and sign-out', async () => {
    const client = new RealtimeClient('ws://localhost/realtime/v1', { params: { apikey: 'anon' } });
    await expect(client.setAuth('a.jwt.token')).resolves.toBeUndefined();
    await expect(client.setAuth()).resolves.toBeUndefined();
  });

  it('throws a clear error for every other member of the real client, so a use of Realtime cannot fail silently', () => {
    const client = new RealtimeClient('ws://localhost/realtime/v1') as unknown as Record<string, unknown>;
    const members = realClientMembers();
    expect(members).toEqual(expect.arrayContaining(['channel', 'getChannels', 'removeChannel', 'removeAllChannels', 'connect']));
    for (const member of members.filter((name) => name !== 'setAuth')) {
      expect(() => client[member], member).toThrow(REALTIME_LEFT_OUT_MESSAGE);
    }
    expect(() => (client.channel as (name: string) => unknown)('room')).toThrow(/vite\.config\.ts aliases @supabase\/realtime-js/);
  });

  it('is not mistaken for a promise or broken by inspection', () => {
    const client = new RealtimeClient('ws://localhost/realtime/v1') as unknown as Record<PropertyKey, unknown>;
    expect(client.then).toBeUndefined();
    expect(() => String(client[Symbol.toStringTag])).not.toThrow();
  });
});
