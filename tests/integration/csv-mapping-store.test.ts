import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { missingRequiredFields, suggestMapping } from '../../src/components/csv/csv-schema';
import { resultsCsvSchema, type ResultField } from '../../src/features/campaigns/utils/results-csv';
import { workspaceMappingStore } from '../../src/lib/csv-mapping-store';
import { localDay } from '../../src/lib/periods';
import { startTestServer, type TestServer } from '../support/test-server';
import { createWorkspaceWorld, type WorkspaceWorld } from '../support/workspaces';

/**
 * The column mapping a workspace's CSV import remembers (src/lib/csv-mapping-store.ts over public.csv_column_mappings),
 * through supabase-js against the real server, by the actors of the tenant matrix: what the results import wizard
 * suggests on the next import.
 */

let server: TestServer;
let world: WorkspaceWorld;

beforeAll(async () => {
  server = await startTestServer({}, { jobRunner: false });
  world = await createWorkspaceWorld(server);
});

afterAll(async () => {
  await server?.close();
});

describe('the remembered column mapping', () => {
  it('is suggested again to anyone of the workspace on the next import, for headers the wizard cannot guess', async () => {
    const headers = ['Reporting date (local)', 'Kanal', 'Klicks', 'Ausgaben'];
    const schema = resultsCsvSchema(localDay());
    expect(suggestMapping(headers, schema.fields)).toEqual({});
    const chosen = { day: 'Reporting date (local)', platform: 'Kanal', clicks: 'Klicks', spend: 'Ausgaben' };
    const member = world.actors.member;
    await workspaceMappingStore<ResultField>(member.client, world.workspace1, member.user!.id, 'campaign_results').save(chosen);

    // A colleague in another browser: the mapping comes from the database.
    const admin = world.actors.admin;
    const remembered = await workspaceMappingStore<ResultField>(admin.client, world.workspace1, admin.user!.id, 'campaign_results').load();
    expect(remembered).toEqual(chosen);
    const suggested = suggestMapping(headers, schema.fields, remembered);
    expect(suggested).toEqual(chosen);
    expect(missingRequiredFields(schema.fields, suggested)).toEqual([]);
  });

  it('cannot be saved by a viewer (the dialog says so; the import goes on), nor read by another workspace', async () => {
    const viewer = world.actors.viewer;
    const store = workspaceMappingStore<ResultField>(viewer.client, world.workspace1, viewer.user!.id, 'campaign_results');
    await expect(store.save({ day: 'Tag' })).rejects.toThrow();
    expect((await store.load())?.day).toBe('Reporting date (local)');
    const outsider = world.actors.outsider;
    expect(await workspaceMappingStore<ResultField>(outsider.client, world.workspace1, outsider.user!.id, 'campaign_results').load()).toBeNull();
  });
});
