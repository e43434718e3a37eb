/**
 * A `mailto:` link to one address with a subject (RFC 6068): every character of the address that could end it or
 * add a header (`?`, `&`, `#`, `%`, spaces, line breaks) percent-encoded, its `@` kept; the subject encoded whole.
 */
export function mailtoLink(address: string, subject?: string): string {
  const to = encodeURIComponent(address.trim()).replaceAll('%40', '@');
  return subject ? `mailto:${to}?subject=${encodeURIComponent(subject)}` : `mailto:${to}`;
}
