import { Clock, Mail } from 'lucide-react';
import { site } from '@/config/site';
import { ContactForm } from './contact-form';
import { PageHeader } from './page-header';
import { PageMeta } from './page-meta';

export function ContactPage() {
  return (
    <main className="mx-auto w-full max-w-7xl px-4 py-16 sm:px-6 lg:px-8">
      <PageMeta
        title="Contact Us"
        description="Tell Beyond Brochures about your website project or ask about the Enterprise plan. We reply within one business day."
      />
      <PageHeader eyebrow="Contact" title="Contact Us">
        <p>Planning a new website, or want to talk about the Enterprise plan? Tell us a little about it.</p>
      </PageHeader>
      <div className="mx-auto mt-12 grid max-w-5xl gap-10 lg:grid-cols-3">
        <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm lg:col-span-2">
          <ContactForm />
        </div>
        <aside aria-label="Other ways to reach us" className="space-y-6 text-sm text-slate-600">
          <div className="flex gap-3">
            <Mail className="mt-0.5 size-5 shrink-0 text-blue-700" aria-hidden="true" />
            <div>
              <h2 className="font-semibold text-slate-900">Prefer email?</h2>
              <a href={`mailto:${site.contactEmail}`} className="underline underline-offset-4 hover:text-slate-900">
                {site.contactEmail}
              </a>
            </div>
          </div>
          <div className="flex gap-3">
            <Clock className="mt-0.5 size-5 shrink-0 text-blue-700" aria-hidden="true" />
            <div>
              <h2 className="font-semibold text-slate-900">When we reply</h2>
              <p>Within one business day, with first ideas and an honest estimate.</p>
            </div>
          </div>
        </aside>
      </div>
    </main>
  );
}
