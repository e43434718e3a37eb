import type { Actor, ActorName, WorkspaceWorld } from './workspaces';

/**
 * The shape of the tenant matrix (tests/support/tenant-matrix-suite.ts): an operation, run by each actor
 * through supabase-js, and one cell per actor stating its answer (`rows n` for reads and row-returning writes, `ok`
 * for a function that succeeded, else `<status> <code> <details>`) and, after `→`, how workspace 1's rows changed.
 * New tables and functions of a workspace add their operations in a file of their own beside this one, and that file
 * to one of the three shares (tests/integration/workspace-tenant-matrix*.test.ts).
 */
export type MatrixResponse = { status: number; data: unknown; error: { code: string; details: string | null } | null };
export type Answer = 'rows' | 'ok' | ((data: unknown) => string);
export interface Operation {
  run(actor: Actor): PromiseLike<MatrixResponse>;
  answer: Answer;
  /** One cell per actor, in the order of ACTORS. */
  cells: [string, string, string, string, string, string, string, string];
}
/** Operations read the world lazily: it exists once the matrix's beforeAll has built it. */
export type World = () => WorkspaceWorld;

export const DENY_ANON = '401 42501';
export const NOT_MEMBER = '403 42501 not_a_member';
export const TOO_LOW = '403 42501 role_too_low';
/** Permission denied (no grant) or a row refused by a policy. */
export const REFUSED = '403 42501';
export const GUESSED_TOKEN = 'Zm9yZ2VkLXRva2VuLXRoYXQtbm9ib2R5LWlzc3VlZC0x';
export const NEW_ADDRESS = 'new.colleague@example.com';

/** The actor's user id (a random one for anon). */
export const self = (actor: Actor) => actor.user?.id ?? '00000000-0000-4000-8000-000000000000';
export const userIdOf = (world: World, name: ActorName) => world().actors[name].user!.id;

export function answerOf(response: MatrixResponse, answer: Answer): string {
  if (response.error) return [response.status, response.error.code, response.error.details].filter(Boolean).join(' ');
  if (answer === 'rows') return `rows ${Array.isArray(response.data) ? response.data.length : `? (${response.status})`}`;
  if (answer === 'ok') return 'ok';
  return `ok ${answer(response.data)}`;
}
