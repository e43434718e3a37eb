/**
 * Whether a language subtag names a language: ICU's list of language names (Node ships full ICU), so `en`, `de`,
 * `fil`, `yue` are known and `xx`, `english`, `und` are not.
 */
const names = new Intl.DisplayNames(['en'], { type: 'language', fallback: 'none' });

export function isKnownLanguage(subtag: string): boolean {
  const code = subtag.trim().toLowerCase();
  if (!/^[a-z]{2,3}$/.test(code)) return false;
  try {
    return names.of(code) !== undefined;
  } catch {
    return false;
  }
}
