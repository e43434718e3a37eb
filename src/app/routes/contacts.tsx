import { BackToDashboardLink } from '@/components/layouts/back-to-dashboard-link';
import { contactsCopy } from '@/config/contacts-copy';
import { site } from '@/config/site';
import { ContactsPage } from '@/features/contacts/components/contacts-page';
import { DashboardHeader } from '@/features/dashboard/components/dashboard-header';
import { useWorkspace } from '@/lib/workspace';

/** /contacts: the signed-in header and the current workspace's contacts (mounted afresh on a workspace switch). */
export function ContactsRoute() {
  const { current } = useWorkspace();
  return (
    <div className="min-h-screen bg-muted/30">
      <title>{`${contactsCopy.title} | ${site.platformName}`}</title>
      <DashboardHeader />
      <main className="container mx-auto space-y-6 px-4 py-8">
        <BackToDashboardLink />
        <header className="space-y-1">
          <h1 className="text-3xl font-bold tracking-tight">{contactsCopy.title}</h1>
          <p className="text-muted-foreground">{current ? contactsCopy.workspaceLine(current.name) : contactsCopy.description}</p>
        </header>
        {current ? <ContactsPage key={current.id} /> : null}
      </main>
    </div>
  );
}
