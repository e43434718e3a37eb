/**
 * Stands in for `@supabase/realtime-js` in the browser bundle (vite.config.ts aliases the package here).
 *
 * supabase-js constructs a RealtimeClient with every client and keeps its token current, but this app uses no
 * Realtime channel: the real client is ~18 KB of JavaScript on every signed-in page for nothing, and supabase-js
 * offers no way to leave it out (its client is one class; supabase/supabase-js#151). Decision record:
 * docs/decisions/0017-signed-in-speed.md.
 *
 * What supabase-js calls on every client (the constructor, `setAuth` on each sign-in, refresh and sign-out) does
 * nothing here. Anything else — `supabase.channel()`, `getChannels()`, `removeChannel()`, `supabase.realtime.*` —
 * throws an error that says why and what to change, instead of failing silently.
 */

export const REALTIME_LEFT_OUT_MESSAGE =
  'Supabase Realtime is left out of this app\'s browser bundle: vite.config.ts aliases @supabase/realtime-js to ' +
  'src/lib/realtime-left-out.ts (docs/decisions/0017-signed-in-speed.md). Remove that alias before using ' +
  'supabase.channel() or supabase.realtime';

/** What supabase-js itself calls on the client it constructs, with or without any use of Realtime. */
const harmless = new Set<PropertyKey>(['setAuth']);

export class RealtimeClient {
  constructor(_endPoint?: string, _options?: unknown) {
    return new Proxy(this, {
      get(target, property, receiver) {
        // Symbols and `then` are read by the runtime and by tools (inspection, awaiting): they are not a use.
        if (typeof property === 'symbol' || property === 'then' || harmless.has(property)) {
          return Reflect.get(target, property, receiver) as unknown;
        }
        throw new Error(`${REALTIME_LEFT_OUT_MESSAGE} (read: ${property}).`);
      },
    });
  }

  /** No channel, no socket: a token has nowhere to go. */
  setAuth(_token: string | null = null): Promise<void> {
    return Promise.resolve();
  }
}
