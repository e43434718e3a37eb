import { Loader2, Send, ShieldCheck } from 'lucide-react';
import { useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { agencyGoals } from '@/config/analytics';
import { messages } from '@/config/messages';
import { trackAgencyGoal } from '@/lib/agency-analytics';
import { useCreateLead, type LeadForm } from '../api/create-lead';
import { ContactFormVerifying } from './contact-form-verifying';
import { emptyLeadForm, failureDescription, mailtoFallback, validateLead, type LeadErrors } from './contact-form.utils';
import { useOneAtATime } from '@/lib/use-one-at-a-time';

const fieldOrder: (keyof LeadForm)[] = ['name', 'email', 'company', 'message'];

/** Name, e-mail, company and message, stored as a lead; a failed send keeps every word and offers e-mail. */
export function ContactForm() {
  const [form, setForm] = useState<LeadForm>(emptyLeadForm);
  const [errors, setErrors] = useState<LeadErrors>({});
  const [failed, setFailed] = useState(false);
  /** Percent of the proof of work done while the form is asked for one; null otherwise. */
  const [verifying, setVerifying] = useState<number | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const createLead = useCreateLead({ onVerifying: setVerifying });
  const runOne = useOneAtATime();

  const update = (field: keyof LeadForm) => (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
    setForm((current) => ({ ...current, [field]: event.target.value }));
    if (errors[field]) setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (createLead.isPending) return;
    const { lead, errors: found } = validateLead(form);
    if (!lead) {
      setErrors(found);
      const first = fieldOrder.find((field) => found[field]);
      formRef.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
      return;
    }
    runOne(() =>
      createLead.mutateAsync(lead).then(
        () => {
          setVerifying(null);
          toast.success(messages.contact.sent, { description: messages.contact.sentDescription });
          trackAgencyGoal(agencyGoals.contactForm);
          setForm(emptyLeadForm);
          setFailed(false);
        },
        (error: unknown) => {
          setVerifying(null);
          console.error('Failed to send the contact form', error);
          toast.error(messages.contact.failed, { description: failureDescription(error) });
          setFailed(true);
        },
      ),
    );
  };

  const isBusy = createLead.isPending;
  return (
    <form ref={formRef} noValidate onSubmit={handleSubmit} className="space-y-5" aria-describedby={failed ? 'contact-failed' : undefined}>
      <div className="grid gap-5 sm:grid-cols-2">
        <FormField label="Name" error={errors.name}>
          <Input name="name" autoComplete="name" required maxLength={100} value={form.name} onChange={update('name')} />
        </FormField>
        <FormField label="Email" error={errors.email}>
          <Input name="email" type="email" autoComplete="email" required maxLength={254} value={form.email} onChange={update('email')} />
        </FormField>
      </div>
      <FormField label="Company (optional)" error={errors.company}>
        <Input name="company" autoComplete="organization" maxLength={120} value={form.company} onChange={update('company')} />
      </FormField>
      <FormField label="Message" error={errors.message} hint="What should your website help people do? A few sentences are plenty.">
        <Textarea name="message" required rows={6} maxLength={5000} value={form.message} onChange={update('message')} />
      </FormField>
      {failed && (
        <p id="contact-failed" role="alert" className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-800">
          {messages.contact.failedDescription}{' '}
          <a href={mailtoFallback(form)} className="font-semibold underline underline-offset-4">
            Send it by email instead
          </a>
        </p>
      )}
      <ContactFormVerifying percent={isBusy ? verifying : null} />
      <Button type="submit" size="lg" disabled={isBusy} aria-busy={isBusy}>
        {!isBusy ? <Send aria-hidden="true" /> : verifying !== null ? <ShieldCheck aria-hidden="true" /> : <Loader2 className="animate-spin" aria-hidden="true" />}
        {!isBusy ? 'Send message' : verifying !== null ? messages.contact.verifying : 'Sending...'}
      </Button>
    </form>
  );
}
