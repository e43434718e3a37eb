import { Code2, Compass, LifeBuoy } from 'lucide-react';
import { site } from '@/config/site';
import { MailtoCallToAction } from './mailto-call-to-action';
import { PageHeader } from './page-header';
import { PageMeta } from './page-meta';

const approach = [
  {
    title: 'Start with the tasks',
    text: 'Before we draw a single screen we find out what your visitors come to do — from your customers, your support inbox and your analytics — and rank those tasks. The site is built around the top of that list.',
  },
  {
    title: 'Design for speed',
    text: 'Every project gets a performance budget on day one. Pages are measured on a mid-range phone over a slow connection before they ship, because every second spent waiting is a second in which a visitor can give up.',
  },
  {
    title: 'Build on solid ground',
    text: 'Accessible, standards-based code that works with a keyboard and a screen reader, that search engines understand, and that you own outright — no lock-in, no mystery plugins.',
  },
  {
    title: 'Measure, then improve',
    text: 'Launch is the start. We track the conversions that matter to you and make a short list of improvements every month, so the site keeps earning its keep.',
  },
];

const services = [
  {
    title: 'Web Development',
    icon: Code2,
    text: 'Fast, accessible websites and web applications — from a focused five-page site to a members’ platform with sign-up and payments — built with modern tooling and handed over with documentation.',
  },
  {
    title: 'Digital Strategy',
    icon: Compass,
    text: 'Audience research, content planning and clear conversion goals that tie your website to results you can measure, so every page has a job and every job has a number.',
  },
  {
    title: 'Ongoing Support',
    icon: LifeBuoy,
    text: 'Updates, security patches, uptime and performance monitoring, and monthly improvements, with a named developer who knows your site and answers within one business day.',
  },
];

export function AboutPage() {
  return (
    <main className="mx-auto w-full max-w-7xl space-y-20 px-4 py-16 sm:px-6 lg:px-8">
      <PageMeta
        title={`About ${site.name}`}
        description="Beyond Brochures is a small studio of designers and engineers building fast, task driven websites. Our mission, our approach and our services."
      />
      <PageHeader eyebrow="About us" title={`About ${site.name}`}>
        <p>
          We are a small studio of designers and engineers who build websites that earn their keep. Not brochures
          that describe a business and wait, but sites that help people book, buy, join and get in touch.
        </p>
      </PageHeader>

      <section aria-labelledby="mission-title" className="mx-auto max-w-3xl">
        <h2 id="mission-title" className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
          Our mission
        </h2>
        <p className="mt-4 text-lg leading-8 text-slate-600">
          Most small and mid-sized organizations are let down by their websites: slow pages, buried information,
          forms that give up on a phone. Our mission is to give them websites that work as hard as they do — sites
          that help every visitor finish what they came to do, and load in under two seconds on the phones people
          actually carry.
        </p>
      </section>

      <section aria-labelledby="approach-title">
        <h2 id="approach-title" className="text-center text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
          Our approach
        </h2>
        <ol className="mt-10 grid gap-6 md:grid-cols-2">
          {approach.map((step, index) => (
            <li key={step.title} className="rounded-2xl border border-slate-200 bg-white p-6">
              <p className="text-sm font-semibold text-blue-700">Step {index + 1}</p>
              <h3 className="mt-1 text-lg font-semibold text-slate-900">{step.title}</h3>
              <p className="mt-2 text-sm leading-6 text-slate-600">{step.text}</p>
            </li>
          ))}
        </ol>
      </section>

      <section aria-labelledby="services-title">
        <h2 id="services-title" className="text-center text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
          What we do
        </h2>
        <ul className="mt-10 grid gap-6 md:grid-cols-3">
          {services.map((service) => (
            <li key={service.title} className="rounded-2xl bg-slate-50 p-6">
              <service.icon className="size-8 text-blue-700" aria-hidden="true" />
              <h3 className="mt-4 text-lg font-semibold text-slate-900">{service.title}</h3>
              <p className="mt-2 text-sm leading-6 text-slate-600">{service.text}</p>
            </li>
          ))}
        </ul>
      </section>

      <MailtoCallToAction
        title="Let’s talk about your website"
        text="Tell us what your visitors need to get done. We will reply within one business day with first ideas and an honest estimate."
        subject="A new website project"
        label="Email us about your project"
      />
    </main>
  );
}
