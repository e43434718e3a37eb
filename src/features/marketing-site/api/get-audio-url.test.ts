import { describe, expect, it, vi } from 'vitest';
import { cachedAudioUrl, getAudioUrl } from './get-audio-url';

const getPublicUrl = vi.hoisted(() => vi.fn((path: string) => ({ data: { publicUrl: `http://localhost:3000/storage/v1/object/public/audio/${path}` } })));
const from = vi.hoisted(() => vi.fn(() => ({ getPublicUrl })));
vi.mock('@/lib/supabase', () => ({ supabase: { storage: { from } } }));

describe('getAudioUrl', () => {
  it('asks supabase-js storage for the public URL of the recording in the audio bucket, once', async () => {
    expect(cachedAudioUrl()).toBeNull();
    await expect(getAudioUrl()).resolves.toBe('http://localhost:3000/storage/v1/object/public/audio/beyond-brochures.mp3');
    await getAudioUrl();
    expect(from).toHaveBeenCalledExactlyOnceWith('audio');
    expect(getPublicUrl).toHaveBeenCalledExactlyOnceWith('beyond-brochures.mp3');
    expect(cachedAudioUrl()).toBe('http://localhost:3000/storage/v1/object/public/audio/beyond-brochures.mp3');
  });
});
