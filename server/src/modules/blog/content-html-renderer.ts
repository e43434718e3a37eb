/**
 * The name of the rules markdown-html.ts renders by, stored beside each rendering: a change of those rules re-renders
 * every item, so bump it whenever markdown-html.ts changes what it outputs. Kept apart from the renderer so that
 * looking for stale items does not load markdown-it and sanitize-html (a worker's start-up sweep usually finds none).
 */
export const CONTENT_HTML_RENDERER = 'markdown-it15+sanitize-html2/1';
