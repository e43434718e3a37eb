import type { ReactNode } from 'react';

/** A titled card of the Administrator screen. */
export function EditorCard({ id, title, description, children, aside }: { id: string; title: string; description?: string; children: ReactNode; aside?: ReactNode }) {
  return (
    <section aria-labelledby={id} className="rounded-lg border bg-white p-6 shadow-sm">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-[12rem] flex-1 space-y-1">
          <h2 id={id} className="text-xl font-semibold text-slate-900">
            {title}
          </h2>
          {description ? <p className="text-sm text-muted-foreground">{description}</p> : null}
        </div>
        {aside}
      </div>
      <div className="mt-5">{children}</div>
    </section>
  );
}
