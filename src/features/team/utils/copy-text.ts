/** The absolute invitation link for a token, on this site. */
export function invitationUrl(path: string, origin = window.location.origin): string {
  return new URL(path, origin).href;
}
