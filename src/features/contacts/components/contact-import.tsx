import { Upload } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Button } from '@/components/ui/button';
import { contactsCopy } from '@/config/contacts-copy';

const ContactImportDialog = lazy(() => import('./contact-import-dialog').then((module) => ({ default: module.ContactImportDialog })));

/** Import CSV: the button, and the import wizard once it is pressed (its code loads then). */
export function ContactImport() {
  const [isOpen, setOpen] = useState(false);
  return (
    <>
      <Button variant="outline" onClick={() => setOpen(true)}>
        <Upload aria-hidden="true" />
        {contactsCopy.importCsv}
      </Button>
      {isOpen ? (
        <Suspense fallback={null}>
          <ContactImportDialog onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
