import type { ReactNode } from 'react';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { site } from '@/config/site';

/** The frame of the public e-mail pages (subscribe, confirm): a card in the middle of the page. */
export function PublicEmailFrame({ title, children }: { title: string; children: ReactNode }) {
  return (
    <main className="flex min-h-screen flex-col items-center justify-center bg-muted/40 px-4 py-10">
      <title>{`${title} | ${site.name}`}</title>
      <Card className="w-full max-w-md">
        <CardHeader>
          <h1 className="text-2xl font-semibold tracking-tight break-words">{title}</h1>
        </CardHeader>
        <CardContent className="space-y-4 break-words">{children}</CardContent>
      </Card>
    </main>
  );
}
