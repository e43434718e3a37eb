import { ids, RESERVED_BYTES } from './workspaces';
import { DENY_ANON, NOT_MEMBER, REFUSED, TOO_LOW, type Operation, type World } from './tenant-matrix';

/**
 * The tenant matrix's rows for the asset library (supabase/migrations/20261128130000…130600, decision 0021): its
 * tables read directly, the columns members may write, and its functions. Viewers and up read; members and up tag,
 * collect, upload, review and delete; viewers comment; anyone outside workspace 1 gets nothing, not even whether an
 * asset exists. Workspace 1 holds one asset in review (with a comment), an empty collection and an upload in progress.
 */
export function assetOperations(world: World): Record<string, Operation> {
  const readers = (cell: string, other: string): Operation['cells'] => [cell, cell, cell, cell, other, other, other, DENY_ANON];
  const writers = (cell: string, viewer: string, other: string, anon = DENY_ANON): Operation['cells'] => [cell, cell, cell, viewer, other, other, other, anon];
  const monthStart = () => new Date(Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), 1)).toISOString();

  return {
    'assets: read workspace 1': {
      run: (a) => a.client.from('assets').select('id').eq('organization_id', world().workspace1),
      answer: 'rows',
      cells: readers('rows 2', 'rows 0'),
    },
    'assets: insert into workspace 1 directly (uploads go through start_asset_upload)': {
      run: (a) => a.client.from('assets').insert({ organization_id: world().workspace1, name: 'Planted', kind: 'image' } as never).select('id'),
      answer: 'rows',
      cells: writers(REFUSED, REFUSED, REFUSED),
    },
    'assets: tag workspace 1’s asset': {
      run: (a) => a.client.from('assets').update({ tags: ['brand', 'launch'] }).eq('id', ids.asset).select('id'),
      answer: 'rows',
      cells: writers('rows 1 → assets ~1', 'rows 0', 'rows 0'),
    },
    'assets: approve workspace 1’s asset by writing its status': {
      run: (a) => a.client.from('assets').update({ status: 'approved' } as never).eq('id', ids.asset).select('id'),
      answer: 'rows',
      cells: writers(REFUSED, REFUSED, REFUSED),
    },
    'assets: move workspace 1’s asset into workspace 2': {
      run: (a) => a.client.from('assets').update({ organization_id: world().workspace2 } as never).eq('id', ids.asset).select('id'),
      answer: 'rows',
      cells: writers(REFUSED, REFUSED, REFUSED),
    },
    'assets: delete workspace 1’s asset directly (delete_asset checks where it is used)': {
      run: (a) => a.client.from('assets').delete().eq('id', ids.asset).select('id'),
      answer: 'rows',
      cells: writers(REFUSED, REFUSED, REFUSED),
    },
    'asset_versions: read workspace 1': {
      run: (a) => a.client.from('asset_versions').select('id').eq('organization_id', world().workspace1),
      answer: 'rows',
      cells: readers('rows 2', 'rows 0'),
    },
    'asset_versions: grow the reservation directly': {
      run: (a) => a.client.from('asset_versions').update({ size_bytes: 10_000_000 } as never).eq('id', ids.reservedFile).select('id'),
      answer: 'rows',
      cells: writers(REFUSED, REFUSED, REFUSED),
    },
    'asset_comments: read workspace 1': {
      run: (a) => a.client.from('asset_comments').select('id').eq('organization_id', world().workspace1),
      answer: 'rows',
      cells: readers('rows 1', 'rows 0'),
    },
    'asset_comments: insert directly (comments go through add_asset_comment)': {
      run: (a) => a.client.from('asset_comments').insert({ asset_id: ids.asset, organization_id: world().workspace1, body: 'Planted' } as never).select('id'),
      answer: 'rows',
      cells: writers(REFUSED, REFUSED, REFUSED),
    },
    'asset_collections: read workspace 1': {
      run: (a) => a.client.from('asset_collections').select('id').eq('organization_id', world().workspace1),
      answer: 'rows',
      cells: readers('rows 1', 'rows 0'),
    },
    'asset_collections: make one in workspace 1': {
      run: (a) => a.client.from('asset_collections').insert({ organization_id: world().workspace1, name: 'Planted' }).select('id'),
      answer: 'rows',
      cells: writers('rows 1 → asset_collections +1', REFUSED, REFUSED),
    },
    'asset_collections: remove workspace 1’s': {
      run: (a) => a.client.from('asset_collections').delete().eq('id', ids.assetCollection).select('id'),
      answer: 'rows',
      cells: writers('rows 1 → asset_collections -1', 'rows 0', 'rows 0'),
    },
    'asset_collection_items: put workspace 1’s asset in its collection': {
      run: (a) => a.client.from('asset_collection_items').insert({ organization_id: world().workspace1, collection_id: ids.assetCollection, asset_id: ids.asset }).select('asset_id'),
      answer: 'rows',
      cells: writers('rows 1 → asset_collection_items +1', REFUSED, REFUSED),
    },
    'asset_collection_items: put workspace 1’s asset in its collection, labelled workspace 2': {
      run: (a) => a.client.from('asset_collection_items').insert({ organization_id: world().workspace2, collection_id: ids.assetCollection, asset_id: ids.asset }).select('asset_id'),
      answer: 'rows',
      cells: [REFUSED, REFUSED, REFUSED, REFUSED, '409 23503 Key is not present in table "asset_collections".', REFUSED, REFUSED, DENY_ANON],
    },

    // The functions.
    'start_asset_upload: reserve a file in workspace 1': {
      run: (a) => a.client.rpc('start_asset_upload', { workspace_id: world().workspace1, file_name: 'new.png', object_key: 'new.png', mime_type: 'image/png', size_bytes: 1000 }).select('asset_id'),
      answer: 'rows',
      cells: writers('rows 1 → assets +1, asset_versions +1', TOO_LOW, NOT_MEMBER),
    },
    'complete_asset_upload: complete the reservation before its bytes arrived': {
      run: (a) => a.client.rpc('complete_asset_upload', { version_id: ids.reservedFile }),
      answer: 'ok',
      cells: writers('400 P0001 upload_missing', TOO_LOW, NOT_MEMBER),
    },
    'cancel_asset_upload: cancel the upload in progress': {
      run: (a) => a.client.rpc('cancel_asset_upload', { version_id: ids.reservedFile }),
      answer: 'ok',
      cells: writers('ok → assets -1, asset_versions -1', TOO_LOW, NOT_MEMBER),
    },
    'set_asset_status: approve workspace 1’s asset': {
      run: (a) => a.client.rpc('set_asset_status', { asset_id: ids.asset, new_status: 'approved' }),
      answer: 'ok',
      cells: writers('ok → assets ~1, asset_comments +1', TOO_LOW, NOT_MEMBER),
    },
    'add_asset_comment: comment on workspace 1’s asset': {
      run: (a) => a.client.rpc('add_asset_comment', { asset_id: ids.asset, body: 'Looks right' }),
      answer: 'ok',
      cells: writers('ok → asset_comments +1', 'ok → asset_comments +1', NOT_MEMBER),
    },
    'delete_asset: delete workspace 1’s asset': {
      run: (a) => a.client.rpc('delete_asset', { asset_id: ids.asset }),
      answer: 'ok',
      cells: writers('ok → assets -1, asset_versions -1, asset_comments -1', TOO_LOW, NOT_MEMBER),
    },
    'get_asset: read workspace 1’s asset': {
      run: (a) => a.client.rpc('get_asset', { asset_id: ids.asset }),
      answer: (data) => (data === null ? 'nothing' : `${(data as { versions: unknown[] }).versions.length} version`),
      cells: readers('ok 1 version', 'ok nothing'),
    },
    'list_assets: list workspace 1’s library (the upload in progress is not in it)': {
      run: (a) => a.client.rpc('list_assets', { workspace_id: world().workspace1 }),
      answer: 'rows',
      cells: readers('rows 1', 'rows 0'),
    },
    'asset_tags: workspace 1’s tags': {
      run: (a) => a.client.rpc('asset_tags', { workspace_id: world().workspace1 }),
      answer: 'rows',
      cells: readers('rows 1', 'rows 0'),
    },
    'asset_library_figures: workspace 1’s figures (the reservation counts against the quota)': {
      run: (a) => a.client.rpc('asset_library_figures', { workspace_id: world().workspace1, month_start: monthStart() }),
      answer: (data) => {
        const [row] = data as { asset_count: number; in_review_count: number; storage_used_bytes: number }[];
        if (!row) return 'no row';
        return `${row.asset_count} asset, ${row.in_review_count} in review, ${row.storage_used_bytes} bytes`;
      },
      cells: readers(`ok 1 asset, 1 in review, ${9 + RESERVED_BYTES.length} bytes`, 'ok no row'),
    },
  };
}
