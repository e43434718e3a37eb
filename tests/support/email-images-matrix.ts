import type { Actor } from './workspaces';
import type { Operation, World } from './tenant-matrix';
import { RLS, storage } from './storage-matrix';

/** A 1×1 PNG. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');

/**
 * The tenant matrix's rows for the public `email-images` bucket (supabase/migrations/20261128121000): a recipient's
 * mail program loads an e-mail's images from it by their public address, so only members and up of a workspace publish
 * into its folder, workspace members list it, and the bucket takes images only (a page of HTML served from our
 * origin would run as our site). Each upload is a new name, so a cell never depends on an earlier one; the snapshot
 * does not read this bucket (its objects are not workspace 1's rows).
 */
export function emailImageOperations(world: World): Record<string, Operation> {
  const bucket = (a: Actor) => a.client.storage.from('email-images');
  const fresh = (extension: string) => `${world().workspace1}/${crypto.randomUUID()}.${extension}`;
  return {
    'storage email-images: publish an image into workspace 1': {
      run: (a) => storage(bucket(a).upload(fresh('png'), PNG, { contentType: 'image/png' })),
      answer: () => 'published',
      cells: ['ok published', 'ok published', 'ok published', RLS, RLS, RLS, RLS, RLS],
    },
    'storage email-images: list workspace 1’s folder': {
      run: (a) => storage(bucket(a).list(world().workspace1)),
      answer: (data) => ((data as unknown[]).length > 0 ? 'some' : 'none'),
      cells: ['ok some', 'ok some', 'ok some', 'ok some', 'ok none', 'ok none', 'ok none', 'ok none'],
    },
    'storage email-images: publish an HTML page into workspace 1': {
      run: (a) => storage(bucket(a).upload(fresh('html'), '<script>alert(document.cookie)</script>', { contentType: 'text/html' })),
      answer: () => 'published',
      // The bucket's allowed types are checked first: refused to everyone.
      cells: Array(8).fill('400 415 InvalidMimeType') as Operation['cells'],
    },
  };
}
