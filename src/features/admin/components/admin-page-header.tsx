import type { ReactNode } from 'react';
import { site } from '@/config/site';

/** The heading of an admin screen, and the document title. */
export function AdminPageHeader({ title, eyebrow, children }: { title: string; eyebrow?: string; children?: ReactNode }) {
  return (
    <header className="space-y-2">
      <title>{`${title} | ${site.name}`}</title>
      {eyebrow ? <p className="text-sm font-semibold uppercase tracking-widest text-blue-700">{eyebrow}</p> : null}
      <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">{title}</h1>
      {children ? <div className="max-w-3xl text-lg text-slate-600">{children}</div> : null}
    </header>
  );
}
