import { escapeHtml, type MessagePlaceholders } from '../../../../src/lib/email-template/merge-fields';

/**
 * The public addresses of one message (decision 0020), all under EMAIL_PUBLIC_URL and all naming the message by its
 * token only: the one-click unsubscribe (RFC 8058: List-Unsubscribe with List-Unsubscribe-Post), the open pixel and
 * the click redirects (a link named by its position in the message, so a redirect can only lead where the message
 * did).
 */
export const emailPaths = {
  unsubscribe: (token: string) => `/e/u/${token}`,
  open: (token: string) => `/e/o/${token}`,
  click: (token: string, index: number) => `/e/c/${token}/${index}`,
  webhook: (endpointToken: string, provider: string) => `/e/webhooks/${endpointToken}/${provider}`,
} as const;

export interface MessageTracking {
  opens: boolean;
  clicks: boolean;
}

/** The placeholders of one recipient's message: their unsubscribe URL, the pixel and the links, tracked or not. */
export function messagePlaceholders(publicUrl: string, token: string, links: readonly string[], tracking: MessageTracking): MessagePlaceholders {
  const base = publicUrl.replace(/\/$/, '');
  return {
    unsubscribeUrl: `${base}${emailPaths.unsubscribe(token)}`,
    openPixel: tracking.opens ? `<img src="${escapeHtml(`${base}${emailPaths.open(token)}`)}" width="1" height="1" alt="" style="display:block;border:0;width:1px;height:1px" />` : '',
    link: (index) => (tracking.clicks ? `${base}${emailPaths.click(token, index)}` : (links[index] ?? base)),
  };
}

/** The headers every campaign-style message carries (RFC 2369 and RFC 8058). */
export function unsubscribeHeaders(unsubscribeUrl: string): Record<string, string> {
  return { 'List-Unsubscribe': `<${unsubscribeUrl}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' };
}
