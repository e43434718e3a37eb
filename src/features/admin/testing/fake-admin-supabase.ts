import { vi } from 'vitest';
import { defaultAdminPageTitle } from '@/config/site-defaults';

/**
 * Unit tests only: the admin client's data API for menu_items and admin_pages, in memory. Records every call,
 * applies it like the server would (for a site admin), and can fail the next call of a kind.
 * Integration and end-to-end tests use the real client and server.
 */
type Row = Record<string, unknown> & { id: string };
type Table = 'menu_items' | 'admin_pages';
interface ApiError {
  message: string;
  code?: string;
}

export interface RecordedCall {
  table?: Table;
  rpc?: string;
  operation: 'select' | 'update' | 'insert' | 'rpc';
  values?: unknown;
  filters: [string, unknown][];
}

const defaultMenu = (): Row[] =>
  [
    ['Home', '/', 1],
    ['Portfolio', '/portfolio', 2],
    ['About', '/about', 3],
    ['ROI', '/roi', 4],
  ].map(([name, href, sort_order], index) => ({ id: `menu-${index + 1}`, name, href, sort_order }));

const defaultPages = (): Row[] =>
  Array.from({ length: 20 }, (_, index) => ({ id: `page-${index + 1}`, number: index + 1, title: defaultAdminPageTitle(index + 1), path: `/admin/page-${index + 1}` }));

export function createFakeAdminSupabase() {
  const tables: Record<Table, Row[]> = { menu_items: defaultMenu(), admin_pages: defaultPages() };
  const calls: RecordedCall[] = [];
  const failures = new Map<string, ApiError>();
  let nextId = 100;

  const takeFailure = (key: string) => {
    const failure = failures.get(key);
    failures.delete(key);
    return failure;
  };

  function from(table: Table) {
    const call: RecordedCall = { table, operation: 'select', filters: [] };
    let order: string | undefined;
    let isReturning = false;
    let isSingle = false;
    const matches = (row: Row) => call.filters.every(([column, value]) => row[column] === value);

    const run = async (): Promise<{ data: unknown; error: ApiError | null; status: number }> => {
      calls.push(call);
      const failure = takeFailure(`${table}.${call.operation}`);
      if (failure) return { data: null, error: failure, status: 400 };
      const rows = tables[table];
      if (call.operation === 'select') {
        const sorted = order ? [...rows].sort((a, b) => Number(a[order!]) - Number(b[order!])) : rows;
        return { data: structuredClone(sorted), error: null, status: 200 };
      }
      if (call.operation === 'update') {
        const changed = rows.filter(matches);
        for (const row of changed) Object.assign(row, call.values);
        return { data: isReturning ? structuredClone(changed) : null, error: null, status: isReturning ? 200 : 204 };
      }
      const row = { id: `new-${nextId++}`, ...(call.values as object) } as Row;
      if (table === 'admin_pages' && rows.some((existing) => existing.number === row.number)) {
        return { data: null, error: { message: 'duplicate key value violates unique constraint "admin_pages_number_key"', code: '23505' }, status: 409 };
      }
      rows.push(row);
      return { data: isSingle ? structuredClone(row) : [structuredClone(row)], error: null, status: 201 };
    };

    const builder = {
      select() {
        if (call.operation !== 'select') isReturning = true;
        return builder;
      },
      order(column: string) {
        order = column;
        return builder;
      },
      update(values: unknown) {
        call.operation = 'update';
        call.values = values;
        return builder;
      },
      insert(values: unknown) {
        call.operation = 'insert';
        call.values = values;
        return builder;
      },
      eq(column: string, value: unknown) {
        call.filters.push([column, value]);
        return builder;
      },
      single() {
        isSingle = true;
        return builder;
      },
      then<T1, T2 = never>(onFulfilled?: (value: Awaited<ReturnType<typeof run>>) => T1 | PromiseLike<T1>, onRejected?: (reason: unknown) => T2 | PromiseLike<T2>) {
        return run().then(onFulfilled, onRejected);
      },
    };
    return builder;
  }

  const rpc = vi.fn(async (name: string) => {
    calls.push({ rpc: name, operation: 'rpc', filters: [] });
    const failure = takeFailure(`rpc.${name}`);
    if (failure) return { data: null, error: failure, status: 400 };
    if (name === 'reset_menu_items') tables.menu_items = defaultMenu().map((row) => ({ ...row, id: `reset-${row.id}` }));
    else if (name === 'reset_admin_pages') tables.admin_pages = defaultPages().map((row) => ({ ...row, id: `reset-${row.id}` }));
    const table = name === 'reset_menu_items' ? tables.menu_items : tables.admin_pages;
    return { data: structuredClone(table), error: null, status: 200 };
  });

  return {
    client: { from: vi.fn(from), rpc },
    tables,
    calls,
    /** Writes only (what the editors sent). */
    writes: () => calls.filter((call) => call.operation !== 'select'),
    /** The next call of this kind (`menu_items.update`, `admin_pages.insert`, `rpc.reset_menu_items`, …) fails. */
    failNext(kind: string, error: ApiError = { message: 'new row violates row-level security policy', code: '42501' }) {
      failures.set(kind, error);
    },
  };
}

export type FakeAdminSupabase = ReturnType<typeof createFakeAdminSupabase>;
