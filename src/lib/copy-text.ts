/**
 * Copies text to the clipboard: the Clipboard API where the page may use it (HTTPS, localhost), else the selected
 * text of `fallback` (a read-only input showing the same text) with the older copy command. False when neither
 * worked: the caller tells the user to copy from the field.
 */
export async function copyText(text: string, fallback?: HTMLInputElement | null): Promise<boolean> {
  try {
    if (navigator.clipboard && window.isSecureContext) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // Permission refused: try the fallback.
  }
  if (!fallback) return false;
  fallback.focus();
  fallback.select();
  try {
    return document.execCommand('copy');
  } catch {
    return false;
  }
}
