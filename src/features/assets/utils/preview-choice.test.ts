import { describe, expect, it } from 'vitest';
import type { AssetKind } from '@/config/asset-options';
import { previewOf, type PreviewChoice } from './preview-choice';

describe('previewOf', () => {
  it.each<[AssetKind, string | null, PreviewChoice]>([
    ['image', 'image/png', 'image'],
    ['image', 'image/jpeg', 'image'],
    ['video', 'video/mp4', 'video'],
    ['video', 'video/webm; codecs="vp9"', 'video'],
    ['video', 'VIDEO/QUICKTIME', 'video'],
    ['audio', 'audio/wav', 'audio'],
    ['audio', 'audio/mpeg', 'audio'],
    // The file's type wins over the kind for the player.
    ['video', 'audio/mp4', 'audio'],
    ['other', 'audio/ogg', 'audio'],
    // A type that says nothing: the kind decides.
    ['video', 'application/octet-stream', 'video'],
    ['audio', '', 'audio'],
    ['audio', null, 'audio'],
    ['pdf', 'application/pdf', 'pdf'],
    ['document', 'application/pdf', 'pdf'],
    ['pdf', 'application/octet-stream', 'pdf'],
    // An image's preview is its variant, made for image assets only.
    ['other', 'image/svg+xml', 'none'],
    ['document', 'text/plain', 'none'],
    ['other', 'application/octet-stream', 'none'],
    ['other', null, 'none'],
  ])('%s asset of type %j → %s', (kind, mimeType, choice) => expect(previewOf(kind, mimeType)).toBe(choice));
});
