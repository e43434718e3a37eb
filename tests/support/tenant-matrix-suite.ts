import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientWithToken } from './rest-clients';
import { answerOf, type Operation, type World } from './tenant-matrix';
import { startTestServer, type TestServer } from './test-server';
import { mintSession } from './tokens';
import { type Actor, ACTORS, createWorkspaceWorld, describeChanges, type Snapshot, type WorkspaceWorld } from './workspaces';

const REMOVED = ACTORS.indexOf('removed');
type TwoFactorActor = 'owner (aal1)' | 'admin (aal1)' | 'member (aal1)' | 'viewer (aal1)' | 'owner (aal2)';
const TWO_FACTOR_ACTORS: TwoFactorActor[] = ['owner (aal1)', 'admin (aal1)', 'member (aal1)', 'viewer (aal1)', 'owner (aal2)'];

const eachAal1 = (cell: string): Partial<Record<TwoFactorActor, string>> =>
  Object.fromEntries(TWO_FACTOR_ACTORS.filter((actor) => actor.endsWith('(aal1)')).map((actor) => [actor, cell]));

/** Where the answer differs from the removed member's (or the owner's) for reasons that are not the workspace's data. */
const TWO_FACTOR_OVERRIDES: Record<string, Partial<Record<TwoFactorActor, string>>> = {
  // Profiles are each user's own, not the workspace's: a member still reads their own.
  'profiles: read the profiles of workspace 1 members (own only)': eachAal1('rows 1'),
  // The one thing an aal1 member learns of workspace 1: that it needs their code (and its name).
  'workspaces_requiring_two_factor(): the caller’s own, out of reach at this aal': eachAal1('rows 1'),
  // With an aal2 session the owner may require it (it is required already; the row is written again).
  'set_workspace_two_factor(): require it in workspace 1 (owners, from an aal2 session)': { 'owner (aal2)': 'ok → organizations ~1' },
  // The contact is named as workspace 2's, where none of them is a member.
  'bulk_delete_contacts(): workspace 1’s contact, named as workspace 2’s': eachAal1('403 42501 not_a_member'),
  // The post is saved as workspace 2's, where none of them is a member.
  'save_social_post(): workspace 2’s post on workspace 1’s account': eachAal1('403 42501 not_a_member'),
  'save_social_post(): change workspace 1’s post from workspace 2': eachAal1('403 42501 not_a_member'),
  'save_social_post(): workspace 2’s post with workspace 1’s asset': eachAal1('403 42501 not_a_member'),
  'save_social_post(): workspace 2’s thread on workspace 1’s account (parts)': eachAal1('403 42501 not_a_member'),
};

function twoFactorCell(name: string, operation: Operation, actor: TwoFactorActor): string {
  const override = TWO_FACTOR_OVERRIDES[name]?.[actor];
  if (override) return override;
  if (actor === 'owner (aal2)') return operation.cells[0];
  return operation.cells[REMOVED]!.replaceAll('not_a_member', 'two_factor_required');
}

/**
 * The tenant matrix of workspaces, members and invitations: every operation of the workspaces' tables and functions,
 * by every actor, through supabase-js against the real server. Each tests/integration/workspace-tenant-matrix*.test.ts
 * file declares a share of the operations with describeTenantMatrix (its own server and world), so that the shares
 * run in parallel. A cell states the answer (`rows n` for reads and
 * row-returning writes, `ok` for a function that succeeded, else `<status> <code> <details>`) and, after `→`, how
 * workspace 1's rows changed (`table +added -removed ~changed`; nothing when absent). Workspace 1's rows are read
 * with the superuser before and after each cell and compared; a cell that changed them is followed by a reset.
 *
 * Actors: owner, admin, member, viewer of workspace 1; outsider = member of workspace 2; invited = has a pending
 * invitation to workspace 1, not accepted; removed = removed from workspace 1, access token still valid; anon.
 * Reads and direct table writes of the workspace's own tables are in tests/support/workspace-core-matrix.ts; each
 * module's rows in a file of its own beside it (workspace-matrix-functions.ts, contacts-matrix.ts, storage-matrix.ts…).
 *
 * Then the whole matrix again with workspace 1 requiring two-factor authentication: each member of workspace 1 with
 * an aal1 token gets what the removed member gets (refused as `two_factor_required` where the removed member is
 * `not_a_member`), and the owner with an aal2 token gets what the owner got above.
 */
export function describeTenantMatrix(operationsOf: (world: World) => Record<string, Operation>): void {
  let server: TestServer;
  let world: WorkspaceWorld;
  const operations = operationsOf(() => world);

  beforeAll(async () => {
    // No mail worker: the queue stays unconsumed, as on hosted Supabase, and no worker writes while a cell is compared.
    server = await startTestServer({}, { jobRunner: false });
    world = await createWorkspaceWorld(server);
  });

  afterAll(async () => {
    await server?.close();
  });

  // The world as the last cell left it when that cell changed nothing: the next cell starts from it without reading
  // it again (one query less a cell); after a reset it is read afresh.
  let unchanged: Snapshot | null = null;

  async function expectCell(operation: Operation, actor: Actor, cell: string): Promise<void> {
    const before = unchanged ?? (await world.snapshot());
    unchanged = null;
    const response = await operation.run(actor);
    const after = await world.snapshot();
    const changes = describeChanges(before, after);
    if (changes) await world.reset();
    else unchanged = after;
    const [expectedAnswer, expectedChanges = ''] = cell.split(' → ');
    expect({ answer: answerOf(response, operation.answer), changes }).toEqual({ answer: expectedAnswer, changes: expectedChanges });
  }

  describe.each(Object.entries(operations))('%s', (_name, operation) => {
    it.each(ACTORS.map((actor, index) => [actor, operation.cells[index]!] as const))('%s → %s', async (actorName, cell) => {
      await expectCell(operation, world.actors[actorName], cell);
    });
  });

  describe('workspace 1 requires two-factor', () => {
    let actors: Record<TwoFactorActor, Actor>;
    beforeAll(async () => {
      await world.requireTwoFactor(true);
      unchanged = null;
      const owner = world.actors.owner;
      const aal2 = await mintSession(server.sql, server.jwtSecret, owner.user!.id, { aal: 'aal2' });
      actors = {
        'owner (aal1)': owner,
        'admin (aal1)': world.actors.admin,
        'member (aal1)': world.actors.member,
        'viewer (aal1)': world.actors.viewer,
        'owner (aal2)': { ...owner, client: clientWithToken(server, aal2.accessToken) },
      };
    });

    describe.each(Object.entries(operations))('%s', (name, operation) => {
      it.each(TWO_FACTOR_ACTORS.map((actor) => [actor, twoFactorCell(name, operation, actor)] as const))('%s → %s', async (actor, cell) => {
        await expectCell(operation, actors[actor], cell);
      });
    });
  });
}
