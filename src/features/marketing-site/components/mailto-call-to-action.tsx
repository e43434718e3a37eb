import { Mail } from 'lucide-react';
import { buttonVariants } from '@/components/ui/button-variants';
import { site } from '@/config/site';

interface MailtoCallToActionProps {
  title: string;
  text: string;
  subject: string;
  label: string;
}

/** The closing call to action of the About and ROI pages: an e-mail to the agency. */
export function MailtoCallToAction({ title, text, subject, label }: MailtoCallToActionProps) {
  const href = `mailto:${site.contactEmail}?subject=${encodeURIComponent(subject)}`;
  return (
    <section aria-labelledby="cta-title" className="rounded-3xl bg-slate-900 px-6 py-12 text-center sm:px-12">
      <h2 id="cta-title" className="text-2xl font-bold tracking-tight text-white sm:text-3xl">
        {title}
      </h2>
      <p className="mx-auto mt-4 max-w-2xl text-base leading-7 text-slate-300">{text}</p>
      <a href={href} className={buttonVariants({ variant: 'secondary', size: 'lg', className: 'mt-8' })}>
        <Mail aria-hidden="true" />
        {label}
      </a>
    </section>
  );
}
