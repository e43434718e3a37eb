import { ChevronDown, Copy, Plus, Trash2 } from 'lucide-react';
import { CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { buttonVariants } from '@/components/ui/button-variants';
import { selectTriggerClass } from '@/components/ui/select-trigger-class';
import { cn } from '@/lib/utils';
import type { AnalyticsSitesFrame } from './app-frame-pages';

const skeleton = 'animate-pulse rounded-md bg-muted';

/**
 * The Analytics Console's first card as AnalyticsConsole and SnippetBox render it for a member with a site (the
 * workspace's first site chosen, its snippet), hidden under a skeleton: the shell's inline script fills in the site
 * and the snippet from the sites it reads for the workspace the app will show, and shows it
 * (`@/config/app-frame-script`). Look-alikes of the controls (spans: the frame is aria-hidden and never focused).
 */
export function FrameAnalyticsSites({ copy, snippet }: AnalyticsSitesFrame) {
  const icon = 'mr-2 h-4 w-4';
  return (
    <div className="space-y-6" data-analytics-sites="" data-snippet={snippet}>
      <div className={cn(skeleton, 'h-48 rounded-xl')} />
      <div className="rounded-lg border bg-card text-card-foreground shadow-sm" hidden>
        <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-3 space-y-0">
          <div className="space-y-1">
            <p className="text-xl font-semibold leading-none tracking-tight">{copy.title}</p>
            <CardDescription>{copy.description}</CardDescription>
          </div>
          <span className={cn(buttonVariants({}))}>
            <Plus className={icon} aria-hidden="true" />
            {copy.add}
          </span>
        </CardHeader>
        <CardContent className="space-y-4">
          <div className="flex flex-wrap items-end gap-3">
            <div className="min-w-0 flex-1 space-y-2 sm:max-w-sm">
              <span className="text-sm font-medium leading-none">{copy.pick}</span>
              <span className={cn(selectTriggerClass)}>
                <span style={{ pointerEvents: 'none' }} data-site-label="" />
                <ChevronDown className="h-4 w-4 opacity-50" aria-hidden="true" />
              </span>
            </div>
            <span className={cn(buttonVariants({ variant: 'outline' }))}>
              <Trash2 className={icon} aria-hidden="true" />
              {copy.removeShort}
            </span>
          </div>
          <div className="space-y-2">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <p className="text-sm font-medium">{copy.snippetTitle}</p>
              <span className={cn(buttonVariants({ size: 'sm', variant: 'outline' }))}>
                <Copy className={icon} aria-hidden="true" />
                {copy.copy}
              </span>
            </div>
            <p className="text-sm text-muted-foreground">{copy.snippetDescription}</p>
            <pre className="overflow-x-auto whitespace-pre-wrap break-all rounded-md border bg-muted p-3 text-xs">
              <code data-snippet-code="" />
            </pre>
            <p className="text-sm text-muted-foreground">
              {copy.goals} <code className="break-all rounded bg-muted px-1 text-xs">{copy.goalExample}</code>
            </p>
          </div>
        </CardContent>
      </div>
      <div className={cn(skeleton, 'h-96 rounded-xl')} hidden />
    </div>
  );
}
