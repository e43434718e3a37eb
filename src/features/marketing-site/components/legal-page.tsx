import { legalUpdated, type LegalPage as LegalPageContent } from '@/config/legal';
import { PageHeader } from './page-header';
import { PageMeta } from './page-meta';

/** /terms and /privacy: a title, a short introduction and plain sections. */
export function LegalPage({ content }: { content: LegalPageContent }) {
  return (
    <main className="mx-auto w-full max-w-3xl space-y-10 px-4 py-16 sm:px-6 lg:px-8">
      <PageMeta title={content.title} description={content.description} />
      <PageHeader eyebrow="Legal" title={content.title}>
        <p>{content.intro}</p>
        <p className="mt-2 text-sm">
          Last updated <time dateTime={legalUpdated.iso}>{legalUpdated.text}</time>
        </p>
      </PageHeader>
      {content.sections.map((section) => (
        <section key={section.heading} className="space-y-3 text-slate-700">
          <h2 className="text-2xl font-bold tracking-tight text-slate-900">{section.heading}</h2>
          {section.paragraphs?.map((paragraph) => (
            <p key={paragraph} className="leading-7">
              {paragraph}
            </p>
          ))}
          {section.points ? (
            <ul className="list-disc space-y-2 pl-5 leading-7">
              {section.points.map((point) => (
                <li key={point}>{point}</li>
              ))}
            </ul>
          ) : null}
        </section>
      ))}
    </main>
  );
}
