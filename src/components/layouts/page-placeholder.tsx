import type { ReactNode } from 'react';

/** A page that is not built yet: its title and a short line. */
export function PagePlaceholder({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <main className="container mx-auto px-4 py-16">
      <title>{`${title} | Beyond Brochures`}</title>
      <h1 className="text-3xl font-bold tracking-tight">{title}</h1>
      {children}
    </main>
  );
}
