import type { ReactNode } from 'react';

/** The title block of the inner pages (Our Work, About, ROI, Contact). */
export function PageHeader({ eyebrow, title, children }: { eyebrow: string; title: string; children: ReactNode }) {
  return (
    <div className="mx-auto max-w-3xl text-center">
      <p className="text-sm font-semibold uppercase tracking-widest text-blue-700">{eyebrow}</p>
      <h1 className="mt-3 text-4xl font-bold tracking-tight text-slate-900 sm:text-5xl">{title}</h1>
      <div className="mt-6 text-lg leading-8 text-slate-600">{children}</div>
    </div>
  );
}
