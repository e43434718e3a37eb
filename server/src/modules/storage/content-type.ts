import { fileTypeFromBuffer } from 'file-type/core';

/**
 * An object's Content-Type is decided by its bytes, not its name: the type file-type recognises in the first bytes
 * wins over what the uploader declared; when the bytes are not a recognised binary format (text, JSON, CSV…), the
 * declared type stands. Types a browser would run as a page (HTML, SVG, XML, JavaScript) are served as downloads in
 * a sandbox (see objectHeaders), so an uploaded file can never run script on this origin.
 */

const MIME = /^[a-z0-9][a-z0-9!#$&^_.+-]{0,126}\/[a-z0-9][a-z0-9!#$&^_.+-]{0,126}$/;

/** The declared type, lower-cased, kept with a charset parameter only; undefined when it is not a media type. */
export function normaliseDeclaredType(declared: string | undefined): string | undefined {
  if (!declared) return undefined;
  const [essence = '', ...parameters] = declared.split(';').map((part) => part.trim());
  const type = essence.toLowerCase();
  if (!MIME.test(type)) return undefined;
  const charset = parameters.map((parameter) => /^charset=("?)([a-z0-9._-]{1,40})\1$/i.exec(parameter)?.[2]).find(Boolean);
  return charset ? `${type};charset=${charset.toLowerCase()}` : type;
}

export async function sniffType(head: Buffer): Promise<string | undefined> {
  if (head.length === 0) return undefined;
  try {
    return (await fileTypeFromBuffer(head))?.mime;
  } catch {
    return undefined;
  }
}

/** What the object is stored (and served) as. */
export function decideContentType(declared: string | undefined, sniffed: string | undefined): string {
  const normalised = normaliseDeclaredType(declared);
  // Bytes of generic XML declared as a kind of XML (an SVG with its `<?xml` line): the declared kind is the more
  // exact one, and both are served the same way (as a download, in a sandbox).
  if (sniffed === 'application/xml' && normalised && /^[a-z]+\/[a-z0-9.+-]*\+xml\b/.test(normalised)) return normalised;
  return sniffed ?? normalised ?? 'application/octet-stream';
}

const ACTIVE = [
  /^text\/html\b/,
  /^application\/xhtml\+xml\b/,
  /^image\/svg\+xml\b/,
  /^(text|application)\/xml\b/,
  /\+xml\b/,
  /^(text|application)\/(x-)?(java|ecma)script\b/,
  /^application\/(x-)?shockwave-flash\b/,
  /^text\/xsl\b/,
  /^multipart\//,
];

/** Whether a browser could run this type as a document (script, styles, plugins) if shown inline. */
export function isActiveContent(contentType: string): boolean {
  const type = contentType.toLowerCase();
  return ACTIVE.some((pattern) => pattern.test(type));
}
