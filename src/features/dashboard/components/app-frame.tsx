import { ArrowLeft, Building2, Info, LayoutDashboard, UserRound } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { buttonVariants } from '@/components/ui/button-variants';
import { tabsListClass, tabsTriggerClass } from '@/components/ui/tabs-classes';
import { dashboardCopy, moduleCopy } from '@/config/account-copy';
import { site } from '@/config/site';
import { moduleIcons } from '@/features/dashboard/components/module-icons';
import { cn } from '@/lib/utils';
import type { EmailOverviewFrame, FramePage, HeaderCardFrame, WorkspaceLine } from './app-frame-pages';
import { headerLayout } from '@/features/dashboard/components/header-layout';
import { FrameAnalyticsSites } from './app-frame-analytics';

const skeleton = 'animate-pulse rounded-md bg-muted';

/**
 * The signed-in header as it first renders on a phone (DashboardHeader before the workspace and the profile are in),
 * without anything to use: platform name, badge, the switcher's and the account menu's places, the name's line.
 */
export function FrameHeader() {
  return (
    <header className="border-b bg-background">
      <div className={headerLayout.row}>
        <div className={headerLayout.brandGroup}>
          <span className={headerLayout.brand}>
            <LayoutDashboard className="h-6 w-6 shrink-0 text-primary" aria-hidden="true" />
            {site.platformName}
          </span>
          <Badge variant="secondary" className={headerLayout.badge}>
            {dashboardCopy.platformBadge}
          </Badge>
        </div>
        <div className="hidden items-center gap-3 lg:flex">
          <span className={cn(skeleton, 'h-10 w-28')} />
          <span className={cn(skeleton, 'h-10 w-40')} />
          <span className={cn(skeleton, 'h-10 w-28')} />
        </div>
        <div className="flex shrink-0 items-center gap-2 lg:hidden">
          <span className={cn(buttonVariants({ variant: 'outline', size: 'icon' }), 'shrink-0')}>
            <Building2 aria-hidden="true" />
          </span>
          <span className={cn(buttonVariants({ variant: 'outline', size: 'icon' }), 'shrink-0')}>
            <UserRound aria-hidden="true" />
          </span>
        </div>
      </div>
      <p className="container mx-auto flex min-w-0 flex-wrap gap-x-1 px-4 pb-2 pl-12 text-xs leading-tight lg:hidden">{'\u00a0'}</p>
    </header>
  );
}

/** The part of the page under the header: the way back, icon, title and line under it, a skeleton for the rest. */
export function FramePageTop({ page }: { page: FramePage }) {
  const Icon = page.module ? moduleIcons[page.module] : undefined;
  const title = page.title ? <p className="text-3xl font-bold tracking-tight">{page.title}</p> : <span className={cn(skeleton, 'block h-9 w-56')} />;
  const subtitle = page.subtitle ? <p className="text-muted-foreground">{page.subtitle}</p> : <LineSkeleton line={page.workspaceLine} />;
  return (
    <main className={cn('container mx-auto px-4 py-8', page.width, page.spacing)}>
      {page.backLink ? (
        <span className="inline-flex items-center gap-2 text-sm text-muted-foreground">
          <ArrowLeft className="h-4 w-4" aria-hidden="true" />
          {page.backLabel ?? moduleCopy.backToDashboard}
        </span>
      ) : null}
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="flex items-center gap-3">
          {Icon ? (
            <span className="rounded-md bg-primary p-2 text-primary-foreground">
              <Icon className="h-6 w-6" aria-hidden="true" />
            </span>
          ) : null}
          <div>
            {title}
            {subtitle}
          </div>
        </div>
        {page.isSample ? (
          <Badge variant="outline" className="gap-1 font-normal text-muted-foreground">
            <Info className="h-3 w-3" aria-hidden="true" />
            {moduleCopy.sampleData}
          </Badge>
        ) : null}
      </div>
      <FramePageBody page={page} />
    </main>
  );
}

/** Under the title: a list's card, a card's header, the e-mail overview, the analytics sites, or a skeleton. */
function FramePageBody({ page }: { page: FramePage }) {
  if (page.card) return <FrameCard {...page.card} />;
  if (page.headerCard) return <FrameHeaderCard {...page.headerCard} />;
  if (page.emailOverview) return <FrameEmailOverview {...page.emailOverview} />;
  if (page.analyticsSites) return <FrameAnalyticsSites {...page.analyticsSites} />;
  return <div className={cn(skeleton, 'h-48 rounded-xl')} />;
}

/**
 * One line's skeleton; for a line with the workspace's name, what the shell's inline script needs to put the line in
 * its place once the account's first reads are in (`@/config/app-frame-script`).
 */
function LineSkeleton({ line }: { line?: WorkspaceLine }) {
  const data = line ? { 'data-workspace-line': '', 'data-before': line.before, 'data-after': line.after, 'data-class': line.className } : {};
  // As high as the line on a phone (24 px a line of text): the bar leaves the 4 px above it free, plus the line's own
  // top margin when it has one.
  const height = line ? line.phoneLines * 24 - 4 + (line.className.split(' ').includes('mt-1') ? 4 : 0) : undefined;
  return <span className={cn(skeleton, 'mt-1 block h-5 w-72 max-w-full')} style={height ? { height } : undefined} {...data} />;
}

/** A list's card as it first renders: its title and description (RecordListCard, the social accounts' card), a
 * skeleton for its rows; what the page shows before it stands as a skeleton of its height. */
function FrameCard({ title, description, above }: NonNullable<FramePage['card']>) {
  return (
    <>
      {above > 0 ? <div className={cn(skeleton, 'rounded-xl')} style={{ height: above }} /> : null}
      <div className="rounded-lg border bg-card text-card-foreground shadow-sm">
        <div className="flex flex-row flex-wrap items-start justify-between gap-4 space-y-0 p-6">
          <div className="space-y-1.5">
            <p className="text-xl font-semibold tracking-tight">{title}</p>
            <p className="text-sm text-muted-foreground">{description}</p>
          </div>
        </div>
        <div className="px-6 pb-6">
          <div className={cn(skeleton, 'h-24')} />
        </div>
      </div>
    </>
  );
}

/** A Card as Card, CardHeader and CardContent render it: the header's fixed title and description, a skeleton body. */
function FrameHeaderCard({ title, description, bodyHeight }: HeaderCardFrame) {
  return (
    <div className="rounded-lg border bg-card text-card-foreground shadow-sm">
      <div className="flex flex-col space-y-1.5 p-6">
        <p className="text-xl font-semibold tracking-tight">{title}</p>
        <p className="text-sm text-muted-foreground">{description}</p>
      </div>
      <div className="p-6 pt-0">
        <div className={skeleton} style={{ height: bodyHeight }} />
      </div>
    </div>
  );
}

/**
 * The e-mail page's tabs as EmailPage renders them (Overview chosen) and its overview's place: the note's skeleton,
 * with what the shell's inline script needs to put the note there when the workspace has sent nothing
 * (`@/config/app-frame-script`), and the sample figures' skeleton under it.
 */
function FrameEmailOverview({ tabs, note, noteClass, noteLines }: EmailOverviewFrame) {
  return (
    <div className="space-y-4">
      <div className={cn(tabsListClass, 'flex h-auto flex-wrap justify-start')}>
        {tabs.map((tab, index) => (
          <span key={tab} className={tabsTriggerClass} data-state={index === 0 ? 'active' : 'inactive'}>
            {tab}
          </span>
        ))}
      </div>
      <div className="mt-2 space-y-4">
        <span className={cn(skeleton, 'block')} style={{ height: noteLines * 20 }} data-email-note="" data-text={note} data-class={noteClass} />
        <div className={cn(skeleton, 'h-96 rounded-xl')} />
      </div>
    </div>
  );
}
