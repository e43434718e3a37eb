import { escapeHtml } from '../../lib/escape-html';

/** The small pages a recipient sees (no script: they work in any browser and in a mail program's link checker). */
function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<style>body{font-family:system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;background:#f4f4f5;color:#111827;margin:0;padding:48px 16px}
main{max-width:480px;margin:0 auto;background:#fff;border-radius:8px;padding:32px}h1{font-size:22px;margin:0 0 12px}
button{font:inherit;background:#2563eb;color:#fff;border:0;border-radius:6px;padding:10px 18px;cursor:pointer}button:focus-visible{outline:3px solid #93c5fd}</style>
</head><body><main>${body}</main></body></html>`;
}

export function unsubscribePage(info: { workspaceName: string; maskedEmail: string; unsubscribed: boolean }): string {
  const workspace = escapeHtml(info.workspaceName);
  if (info.unsubscribed) {
    return page('Unsubscribed', `<h1>You are unsubscribed</h1><p>${escapeHtml(info.maskedEmail)} will get no more e-mails from ${workspace}.</p>`);
  }
  return page(
    'Unsubscribe',
    `<h1>Unsubscribe from ${workspace}?</h1><p>${escapeHtml(info.maskedEmail)} will get no more e-mails from ${workspace}, from any of its lists.</p>
<form method="post"><button type="submit">Unsubscribe</button></form>`,
  );
}

export function unsubscribedPage(workspaceName: string): string {
  return page('Unsubscribed', `<h1>You are unsubscribed</h1><p>You will get no more e-mails from ${escapeHtml(workspaceName)}.</p>`);
}

export function testMessagePage(): string {
  return page('Test message', '<h1>This was a test message</h1><p>Its unsubscribe link works in the real messages only.</p>');
}

export function unknownLinkPage(): string {
  return page('Link not found', '<h1>This link does not work</h1><p>It may be incomplete: copy the whole address from the e-mail.</p>');
}
