import type { AuthChangeEvent, Session } from '@supabase/supabase-js';
import { vi } from 'vitest';

/**
 * Unit tests only: a stand-in for the supabase-js client that records every data-API call and lets a test answer
 * it, and drives `onAuthStateChange`. Integration and end-to-end tests use the real client and server.
 */

export interface QueryCall {
  table: string;
  operation: 'select' | 'update' | 'insert' | 'delete';
  columns?: string;
  values?: unknown;
  filters: [string, unknown][];
  single: boolean;
  /** Selected back after a write (`.update(...).select()`). */
  returning?: string;
  /** `.order(column, { ascending })` calls, in order. */
  order?: [string, boolean][];
  limit?: number;
  /** `.select(columns, { count, head })`: a count asked for, and whether rows are left out. */
  count?: { count?: string; head?: boolean };
}

export interface FakeResult {
  data: unknown;
  /** The total asked for with `select(…, { count })`. */
  count?: number | null;
  error: { message: string; code?: string; details?: string } | null;
}

type Responder = (call: QueryCall) => FakeResult | Promise<FakeResult> | undefined;
type Listener = (event: AuthChangeEvent, session: Session | null) => void | Promise<void>;

class FakeQuery implements PromiseLike<FakeResult> {
  constructor(
    private readonly call: QueryCall,
    private readonly respond: (call: QueryCall) => Promise<FakeResult>,
  ) {}

  select(columns = '*', options?: { count?: string; head?: boolean }) {
    if (options) this.call.count = options;
    if (this.call.operation === 'select') this.call.columns = columns;
    else this.call.returning = columns;
    return this;
  }

  update(values: unknown) {
    this.call.operation = 'update';
    this.call.values = values;
    return this;
  }

  insert(values: unknown) {
    this.call.operation = 'insert';
    this.call.values = values;
    return this;
  }

  delete() {
    this.call.operation = 'delete';
    return this;
  }

  eq(column: string, value: unknown) {
    this.call.filters.push([column, value]);
    return this;
  }

  is(column: string, value: null) {
    this.call.filters.push([column, `is.${String(value)}`]);
    return this;
  }

  /** Other filters are recorded with their operator: `['created_at', 'lte.<value>']`, `['or', '<tree>']`. */
  lte(column: string, value: unknown) {
    this.call.filters.push([column, `lte.${String(value)}`]);
    return this;
  }

  gte(column: string, value: unknown) {
    this.call.filters.push([column, `gte.${String(value)}`]);
    return this;
  }

  lt(column: string, value: unknown) {
    this.call.filters.push([column, `lt.${String(value)}`]);
    return this;
  }

  in(column: string, values: readonly unknown[]) {
    this.call.filters.push([column, `in.(${values.join(',')})`]);
    return this;
  }

  contains(column: string, values: readonly unknown[]) {
    this.call.filters.push([column, `cs.{${values.join(',')}}`]);
    return this;
  }

  textSearch(column: string, query: string, options: { config?: string } = {}) {
    this.call.filters.push([column, `fts${options.config ? `(${options.config})` : ''}.${query}`]);
    return this;
  }

  or(tree: string) {
    this.call.filters.push(['or', tree]);
    return this;
  }

  order(column: string, options: { ascending?: boolean } = {}) {
    (this.call.order ??= []).push([column, options.ascending ?? true]);
    return this;
  }

  limit(count: number) {
    this.call.limit = count;
    return this;
  }

  single() {
    this.call.single = true;
    return this;
  }

  then<TResult1 = FakeResult, TResult2 = never>(
    onfulfilled?: ((value: FakeResult) => TResult1 | PromiseLike<TResult1>) | null,
    onrejected?: ((reason: unknown) => TResult2 | PromiseLike<TResult2>) | null,
  ): PromiseLike<TResult1 | TResult2> {
    return this.respond(this.call).then(onfulfilled, onrejected);
  }
}

/**
 * Answers the two reads of the workspace list (`organization_members` of the user, `organizations`) with these
 * workspaces, joined in the given order; other calls get undefined.
 */
export function workspaceRows(call: QueryCall, workspaces: readonly { id: string; name: string; role?: string; timeZone?: string }[]): FakeResult | undefined {
  if (call.operation !== 'select') return undefined;
  if (call.table === 'organization_members') {
    return { data: workspaces.map((w, i) => ({ organization_id: w.id, role: w.role ?? 'owner', created_at: `2026-01-${String(i + 1).padStart(2, '0')}T00:00:00Z` })), error: null };
  }
  if (call.table === 'organizations') return { data: workspaces.map((w) => ({ id: w.id, name: w.name, is_personal: false, ...(w.timeZone ? { time_zone: w.timeZone } : {}) })), error: null };
  return undefined;
}

/** An access token whose payload says `aal` (the signature is not checked by the app). */
export function fakeAccessToken(id: string, aal: 'aal1' | 'aal2'): string {
  return `eyJhbGciOiJSUzI1NiJ9.${btoa(JSON.stringify({ sub: id, aal })).replace(/=+$/, '')}.sig-${id}`;
}

export function fakeSession(
  overrides: { id?: string; email?: string; metadata?: Record<string, unknown>; aal?: 'aal1' | 'aal2'; twoFactor?: boolean } = {},
): Session {
  const id = overrides.id ?? 'user-1';
  const factors = overrides.twoFactor ? [{ id: 'factor-1', factor_type: 'totp', status: 'verified', friendly_name: 'Authenticator app' }] : undefined;
  return {
    access_token: overrides.aal ? fakeAccessToken(id, overrides.aal) : `access-${id}`,
    refresh_token: `refresh-${id}`,
    token_type: 'bearer',
    expires_in: 3600,
    expires_at: Math.floor(Date.now() / 1000) + 3600,
    user: {
      id,
      aud: 'authenticated',
      role: 'authenticated',
      email: overrides.email ?? 'ada@example.com',
      app_metadata: { provider: 'email', providers: ['email'] },
      user_metadata: overrides.metadata ?? { first_name: 'Ada', last_name: 'Lovelace' },
      created_at: '2026-01-01T00:00:00Z',
      ...(factors ? { factors } : {}),
    },
  } as Session;
}

export function createFakeSupabase() {
  const listeners = new Set<Listener>();
  const calls: QueryCall[] = [];
  let responder: Responder = () => undefined;
  let currentSession: Session | null = null;

  async function respond(call: QueryCall): Promise<FakeResult> {
    calls.push(call);
    const result = await responder(call);
    return result ?? { data: call.single ? null : [], error: null };
  }

  const auth = {
    getSession: vi.fn(async () => ({ data: { session: currentSession }, error: null })),
    onAuthStateChange: vi.fn((listener: Listener) => {
      listeners.add(listener);
      return { data: { subscription: { id: 'fake', callback: listener, unsubscribe: () => listeners.delete(listener) } } };
    }),
    signInWithPassword: vi.fn(async (_credentials: { email: string; password: string }) => ({
      data: { user: null, session: null },
      error: null as FakeResult['error'],
    })),
    signUp: vi.fn(async (_request: unknown) => ({ data: { user: null, session: null as Session | null }, error: null as FakeResult['error'] })),
    signOut: vi.fn(async (_options?: { scope?: string }) => ({ error: null as FakeResult['error'] })),
    signInWithOtp: vi.fn(async (_request: unknown) => ({ data: { user: null, session: null }, error: null as FakeResult['error'] })),
    verifyOtp: vi.fn(async (_request: unknown) => ({ data: { user: null, session: null as Session | null }, error: null as FakeResult['error'] })),
    refreshSession: vi.fn(async () => ({ data: { user: null, session: currentSession }, error: null as FakeResult['error'] })),
    mfa: {
      listFactors: vi.fn(async () => ({
        data: { all: [] as unknown[], totp: [] as { id: string }[], phone: [] as unknown[] },
        error: null as FakeResult['error'],
      })),
      challengeAndVerify: vi.fn(async (_request: { factorId: string; code: string }) => ({ data: null, error: null as FakeResult['error'] })),
      enroll: vi.fn(async (_request: unknown) => ({ data: null as unknown, error: null as FakeResult['error'] })),
      unenroll: vi.fn(async (_request: { factorId: string }) => ({ data: null, error: null as FakeResult['error'] })),
    },
  };

  const client = {
    auth,
    from: vi.fn((table: string) => new FakeQuery({ table, operation: 'select', filters: [], single: false }, respond)),
    /** A function call is recorded as table `rpc:<name>` with its arguments as `values`. */
    rpc: vi.fn((name: string, args?: unknown) => new FakeQuery({ table: `rpc:${name}`, operation: 'select', values: args, filters: [], single: false }, respond)),
  };

  const control = {
    client,
    auth,
    calls,
    /** Answers data-API calls; `undefined` falls back to an empty success. */
    respondWith(next: Responder) {
      responder = next;
    },
    setSession(session: Session | null) {
      currentSession = session;
    },
    /** Fires an auth event to every subscriber, as supabase-js does. */
    async emit(event: AuthChangeEvent, session: Session | null) {
      currentSession = session;
      for (const listener of [...listeners]) await listener(event, session);
    },
    listenerCount: () => listeners.size,
    reset() {
      listeners.clear();
      calls.length = 0;
      responder = () => undefined;
      currentSession = null;
      vi.clearAllMocks();
    },
  };
  return control;
}

export type FakeSupabase = ReturnType<typeof createFakeSupabase>;
