import { renderToStaticMarkup } from 'react-dom/server';
import { FrameHeader, FramePageTop } from './app-frame';
import { framePages } from './app-frame-pages';

export interface AppFrameHtml {
  /** The header, shared by every signed-in page. */
  header: string;
  /** The part under the header, by path. */
  pages: Record<string, string>;
}

/** The frames of the signed-in pages as static markup, for the HTML shell (at build time: entry-server.tsx). */
export function renderAppFrame(): AppFrameHtml {
  return {
    header: renderToStaticMarkup(<FrameHeader />),
    pages: Object.fromEntries(Object.entries(framePages).map(([path, page]) => [path, renderToStaticMarkup(<FramePageTop page={page} />)])),
  };
}
