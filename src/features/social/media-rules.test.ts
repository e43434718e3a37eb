import { describe, expect, it } from 'vitest';
import { checkPostMedia, type PostMedia } from './media-rules';

const image = (over: Partial<PostMedia> = {}): PostMedia => ({ assetId: 'a', name: 'spring.png', kind: 'image', mimeType: 'image/png', sizeBytes: 200_000, alt: 'A tulip field', ...over });
const video = (over: Partial<PostMedia> = {}): PostMedia => ({ assetId: 'v', name: 'launch.mp4', kind: 'video', mimeType: 'video/mp4', sizeBytes: 5_000_000, alt: 'Our launch film', ...over });

describe('checkPostMedia', () => {
  it.each([
    ['no media is fine everywhere', 'webhook', [], null],
    ['four images on Bluesky', 'bluesky', [image(), image(), image(), image()], null],
    ['five images on Bluesky', 'bluesky', [image(), image(), image(), image(), image()], 'Bluesky takes at most 4 images: remove 1.'],
    ['five images on Mastodon', 'mastodon', [image(), image(), image(), image(), image()], 'Mastodon takes at most 4 images: remove 1.'],
    ['an image of exactly 1,000,000 bytes on Bluesky', 'bluesky', [image({ sizeBytes: 1_000_000 })], null],
    ['an image one byte over on Bluesky', 'bluesky', [image({ sizeBytes: 1_000_001 })], 'Bluesky takes images up to 1 MB: “spring.png” is 1 MB.'],
    ['a 3 MB image is fine on Mastodon', 'mastodon', [image({ sizeBytes: 3_000_000 })], null],
    ['a 3 MB image is too large for Bluesky', 'bluesky', [image({ sizeBytes: 3_000_000 })], 'Bluesky takes images up to 1 MB: “spring.png” is 3 MB.'],
    ['a 20 MB image is too large for Mastodon', 'mastodon', [image({ sizeBytes: 20_000_000 })], 'Mastodon takes images up to 16.8 MB: “spring.png” is 20 MB.'],
    ['an SVG image', 'bluesky', [image({ mimeType: 'image/svg+xml', name: 'logo.svg' })], 'Bluesky does not take image/svg+xml images (“logo.svg”): use JPEG, PNG, WebP or GIF.'],
    ['video on Bluesky is refused, saying why', 'bluesky', [video()], 'Bluesky takes video through its own video service, which this server does not use yet: choose images for Bluesky, or post the video to Mastodon.'],
    ['one video on Mastodon', 'mastodon', [video()], null],
    ['a video with an image on Mastodon', 'mastodon', [video(), image()], 'Mastodon takes one video on its own: remove the other files, or post them separately.'],
    ['a video too large for Mastodon', 'mastodon', [video({ sizeBytes: 200_000_000 })], 'Mastodon takes videos up to 103.8 MB: “launch.mp4” is 200 MB.'],
    ['an AVI video', 'mastodon', [video({ mimeType: 'video/x-msvideo' })], 'Mastodon takes MP4, WebM or QuickTime video: “launch.mp4” is video/x-msvideo.'],
    ['a PDF', 'mastodon', [image({ kind: 'pdf', mimeType: 'application/pdf', name: 'flyer.pdf' })], '“flyer.pdf” is not an image or a video.'],
    ['missing alt text', 'bluesky', [image(), image({ alt: '  ', name: 'b.png' })], 'Describe image 2 (“b.png”) for people who cannot see it: alt text is required.'],
    ['alt text of 2,000 emoji on Bluesky (graphemes)', 'bluesky', [image({ alt: '👍🏽'.repeat(2000) })], null],
    ['alt text of 2,001 graphemes on Bluesky', 'bluesky', [image({ alt: 'a'.repeat(2001) })], 'Bluesky takes alt text up to 2000 characters: the one of “spring.png” is 1 too long.'],
    ['alt text of 1,501 characters on Mastodon', 'mastodon', [image({ alt: 'a'.repeat(1501) })], 'Mastodon takes alt text up to 1500 characters: the one of “spring.png” is 1 too long.'],
    ['media on the webhook channel', 'webhook', [image()], 'The webhook channel sends text only: remove the images, or untick the webhook channel for this post.'],
  ] as const)('%s', (_name, network, media, message) => {
    expect(checkPostMedia(network, media)).toEqual({ ok: message === null, message });
  });
});
