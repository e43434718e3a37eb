import { describe, expect, it } from 'vitest';
import { MAX_ACTIVE, nextToStart, percentOf, queueSummary, uploadQueueReducer, type UploadAction, type UploadItem } from './upload-queue';

const file = (id: string, size = 100) => ({ id, name: `${id}.png`, size, type: 'image/png' });
const run = (actions: UploadAction[], start: UploadItem[] = []) => actions.reduce(uploadQueueReducer, start);
const stateOf = (items: UploadItem[], id: string) => items.find((item) => item.id === id)?.state;

describe('uploadQueueReducer', () => {
  it('takes an upload through reserve, send, complete', () => {
    let items = run([{ type: 'added', files: [file('a')] }]);
    expect(items[0]).toMatchObject({ state: 'waiting', sent: 0, replaceAssetId: null });
    items = run([{ type: 'reserving', id: 'a' }, { type: 'reserved', id: 'a', assetId: 'as1', versionId: 'v1' }, { type: 'progress', id: 'a', sent: 40 }], items);
    expect(items[0]).toMatchObject({ state: 'uploading', sent: 40, assetId: 'as1', versionId: 'v1' });
    items = run([{ type: 'completing', id: 'a' }, { type: 'done', id: 'a' }], items);
    expect(items[0]).toMatchObject({ state: 'done', sent: 100 });
  });

  it('pauses on a dropped connection and resumes; an error says why', () => {
    const items = run([
      { type: 'added', files: [file('a')] },
      { type: 'reserving', id: 'a' },
      { type: 'reserved', id: 'a', assetId: 'as1', versionId: 'v1' },
      { type: 'paused', id: 'a', error: 'offline' },
    ]);
    expect(items[0]).toMatchObject({ state: 'paused', error: 'offline' });
    expect(run([{ type: 'resumed', id: 'a' }], items)[0]).toMatchObject({ state: 'uploading', error: null });
  });

  it('ignores actions that do not fit the state (a late progress, a double done, resuming a waiting upload)', () => {
    const waiting = run([{ type: 'added', files: [file('a')] }]);
    expect(run([{ type: 'resumed', id: 'a' }, { type: 'done', id: 'a' }, { type: 'progress', id: 'a', sent: 5 }], waiting)).toEqual(waiting);
    const cancelled = run([{ type: 'cancelled', id: 'a' }], waiting);
    expect(run([{ type: 'reserving', id: 'a' }, { type: 'failed', id: 'a', error: 'x' }], cancelled)[0]!.state).toBe('cancelled');
  });

  it('cancels any unfinished upload but not one that is completing; removes only finished ones', () => {
    const items = run([
      { type: 'added', files: [file('a'), file('b')] },
      { type: 'reserving', id: 'a' },
      { type: 'reserved', id: 'a', assetId: 'as1', versionId: 'v1' },
      { type: 'completing', id: 'a' },
      { type: 'cancelled', id: 'a' },
      { type: 'cancelled', id: 'b' },
    ]);
    expect([stateOf(items, 'a'), stateOf(items, 'b')]).toEqual(['completing', 'cancelled']);
    expect(run([{ type: 'removed', id: 'a' }, { type: 'removed', id: 'b' }], items).map((item) => item.id)).toEqual(['a']);
    expect(run([{ type: 'clearedFinished' }], items).map((item) => item.id)).toEqual(['a']);
  });

  it('keeps at most 50 unfinished uploads; a replacement names its asset', () => {
    const many = Array.from({ length: 60 }, (_, index) => file(`f${index}`));
    expect(run([{ type: 'added', files: many }])).toHaveLength(50);
    expect(run([{ type: 'added', files: [file('r')], replaceAssetId: 'asset-7' }])[0]!.replaceAssetId).toBe('asset-7');
  });
});

describe('nextToStart and summaries', () => {
  it(`starts at most ${MAX_ACTIVE} at once, oldest first; a paused one keeps its place`, () => {
    let items = run([{ type: 'added', files: [file('a'), file('b'), file('c')] }]);
    expect(nextToStart(items).map((item) => item.id)).toEqual(['a', 'b']);
    items = run([{ type: 'reserving', id: 'a' }, { type: 'reserved', id: 'a', assetId: 'x', versionId: 'y' }, { type: 'paused', id: 'a', error: 'e' }], items);
    expect(nextToStart(items).map((item) => item.id)).toEqual(['b']);
    items = run([{ type: 'reserving', id: 'b' }], items);
    expect(nextToStart(items)).toEqual([]);
  });

  it('counts what is open and done, and the percent of one', () => {
    const items = run([{ type: 'added', files: [file('a'), file('b', 0)] }, { type: 'cancelled', id: 'b' }]);
    expect(queueSummary(items)).toEqual({ open: 1, isBusy: true, done: 0 });
    expect(percentOf({ sent: 33, size: 100 })).toBe(33);
    expect(percentOf({ sent: 0, size: 0 })).toBe(100);
    expect(percentOf({ sent: 150, size: 100 })).toBe(100);
  });
});
