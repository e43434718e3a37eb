import { describe, expect, it } from 'vitest';
import { confirmPageState } from './confirm-page-state';

const names = { list_name: 'Newsletter', workspace_name: 'Acme' };
const INVALID = { code: 'P0001', details: 'invalid_token', message: 'not valid' };
const DOWN = { code: '500', message: 'Internal server error' };
const idle = { status: 'idle' as const, error: null, data: undefined };
const loaded = (status: 'pending' | 'already_confirmed') => ({ status: 'success' as const, error: null, data: { ...names, status } });

describe('confirmPageState', () => {
  it('loading: nothing to show yet', () => {
    expect(confirmPageState({ status: 'pending', error: null, data: undefined }, idle)).toEqual({ view: 'loading' });
  });

  it('a pending subscription asks for the click, and confirms nothing by itself', () => {
    expect(confirmPageState(loaded('pending'), idle)).toEqual({ view: 'ask', names, confirming: false, failed: false });
  });

  it('while the click is being confirmed, and after it failed to get through', () => {
    expect(confirmPageState(loaded('pending'), { status: 'pending', error: null, data: undefined })).toMatchObject({ view: 'ask', confirming: true, failed: false });
    expect(confirmPageState(loaded('pending'), { status: 'error', error: DOWN, data: undefined })).toMatchObject({ view: 'ask', confirming: false, failed: true });
  });

  it('confirmed by the click, or found confirmed already (on load or by the click)', () => {
    expect(confirmPageState(loaded('pending'), { status: 'success', error: null, data: { ...names, status: 'confirmed' } })).toEqual({ view: 'confirmed', names });
    expect(confirmPageState(loaded('pending'), { status: 'success', error: null, data: { ...names, status: 'already_confirmed' } })).toEqual({ view: 'already', names });
    expect(confirmPageState(loaded('already_confirmed'), idle)).toEqual({ view: 'already', names });
  });

  it('a refused link, on load or at the click, is not valid; a load that failed otherwise can be tried again', () => {
    expect(confirmPageState({ status: 'error', error: INVALID, data: undefined }, idle)).toEqual({ view: 'invalid' });
    expect(confirmPageState(loaded('pending'), { status: 'error', error: INVALID, data: undefined })).toEqual({ view: 'invalid' });
    expect(confirmPageState({ status: 'error', error: DOWN, data: undefined }, idle)).toEqual({ view: 'load-failed' });
  });
});
