/**
 * The storage key of a file: Storage accepts only S3-safe characters in object names (letters, digits and
 * `! - _ . * ' ( ) & $ = @ ; : + , ?` and space; src/storage/limits.ts isValidKey), so `café.png` or `招牌.jpg`
 * cannot be stored under their own names. The key keeps what it can (accents dropped, other letters and unsafe signs
 * become `-`), keeps the extension, and is at most 120 characters; the display name stays as the user gave it.
 * start_asset_upload checks the same rule (private.is_valid_asset_object_key).
 */
const MAX_KEY_LENGTH = 120;
const SAFE = /[A-Za-z0-9_.()!*'-]/;

function clean(text: string): string {
  const ascii = text.normalize('NFKD').replace(/[\u0300-\u036f]/g, '');
  let out = '';
  for (const character of ascii) out += SAFE.test(character) ? character : '-';
  return out.replace(/-{2,}/g, '-').replace(/^[-.]+|[-.]+$/g, '');
}

export function objectKeyOf(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  const hasExtension = dot > 0 && dot < fileName.length - 1 && fileName.length - dot <= 11;
  const stem = clean(hasExtension ? fileName.slice(0, dot) : fileName) || 'file';
  const extension = hasExtension ? clean(fileName.slice(dot + 1)).toLowerCase() : '';
  const suffix = extension ? `.${extension}` : '';
  const key = `${stem.slice(0, MAX_KEY_LENGTH - suffix.length)}${suffix}`;
  return key === 'variants' ? 'variants-file' : key;
}
