import { ArrowRight, LayoutDashboard, Palette, Settings, Tag } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { PricingSection } from '@/components/pricing/pricing-section';
import { Badge } from '@/components/ui/badge';
import { adminCopy } from '@/config/admin-copy';
import { paths } from '@/config/paths';
import { AdminPageHeader } from './admin-page-header';
import { AdminPagesEditor } from './admin-pages-editor';
import { EditorCard } from './editor-card';
import { MenuItemsEditor } from './menu-items-editor';
import { PRICING_TESTING_PAGE_NUMBER } from './admin-test-page';

const copy = adminCopy.administrator;

function QuickLink({ to, icon, label, hint }: { to: string; icon: ReactNode; label: string; hint: string }) {
  return (
    <Link
      to={to}
      className="flex items-center gap-3 rounded-md border p-4 hover:border-blue-300 hover:bg-blue-50 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
    >
      {icon}
      <span className="flex-1">
        <span className="block font-medium text-slate-900">{label}</span>
        <span className="block text-sm text-muted-foreground">{hint}</span>
      </span>
      <ArrowRight className="size-4 text-slate-500" aria-hidden="true" />
    </Link>
  );
}

function ComingSoonCard({ id, title, description, icon }: { id: string; title: string; description: string; icon: ReactNode }) {
  return (
    <EditorCard id={id} title={title} aside={<Badge variant="grey">{copy.comingSoon}</Badge>}>
      <p className="flex items-start gap-2 text-sm text-muted-foreground">
        {icon}
        {description}
      </p>
    </EditorCard>
  );
}

/** /admin/administrator: quick links, the pricing preview, the menu and admin pages editors, and what comes next. */
export function AdministratorPage() {
  return (
    <main className="space-y-8">
      <AdminPageHeader title={copy.title}>
        <p>{copy.description}</p>
      </AdminPageHeader>
      <EditorCard id="quick-links" title={copy.quickLinksTitle}>
        <div className="grid gap-3 sm:grid-cols-2">
          <QuickLink
            to={paths.adminPage(PRICING_TESTING_PAGE_NUMBER)}
            icon={<Tag className="size-5 text-blue-700" aria-hidden="true" />}
            label={copy.pricingPageLink}
            hint={copy.pricingPageHint}
          />
          <QuickLink to={paths.dashboard} icon={<LayoutDashboard className="size-5 text-blue-700" aria-hidden="true" />} label={copy.dashboardLink} hint={copy.dashboardHint} />
        </div>
      </EditorCard>
      <div className="grid gap-8 xl:grid-cols-2">
        <MenuItemsEditor />
        <AdminPagesEditor />
      </div>
      <EditorCard id="pricing-preview-card" title={copy.previewTitle} description={copy.previewDescription}>
        <div className="rounded-md border bg-slate-50 px-4 py-8 sm:px-6">
          <PricingSection id="pricing-preview" />
        </div>
      </EditorCard>
      <div className="grid gap-8 md:grid-cols-2">
        <ComingSoonCard id="site-settings" title={copy.siteSettings} description={copy.siteSettingsDescription} icon={<Settings className="mt-0.5 size-4 shrink-0" aria-hidden="true" />} />
        <ComingSoonCard
          id="theme-configuration"
          title={copy.themeConfiguration}
          description={copy.themeConfigurationDescription}
          icon={<Palette className="mt-0.5 size-4 shrink-0" aria-hidden="true" />}
        />
      </div>
    </main>
  );
}
