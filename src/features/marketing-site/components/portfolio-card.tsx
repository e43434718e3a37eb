import { ExternalLink } from 'lucide-react';
import type { PortfolioItem } from '../content/portfolio-items';

/** Cards are one, two or three to a row: the image never needs more than a third of a wide screen. */
const IMAGE_SIZES = '(min-width: 1024px) 400px, (min-width: 768px) 50vw, 100vw';

interface PortfolioCardProps {
  item: PortfolioItem;
  /** h2 where the cards sit right under the page title, h3 under a section title. */
  headingLevel?: 'h2' | 'h3';
  /** The image shows on the first screen: load it at once, first. */
  isPriority?: boolean;
}

export function PortfolioCard({ item, headingLevel: Heading = 'h3', isPriority = false }: PortfolioCardProps) {
  return (
    <article className="flex w-full flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm transition-shadow hover:shadow-md">
      <img
        src={item.image.src}
        srcSet={item.image.srcSet}
        sizes={IMAGE_SIZES}
        width={item.image.width}
        height={item.image.height}
        alt={item.image.alt}
        loading={isPriority ? 'eager' : 'lazy'}
        fetchPriority={isPriority ? 'high' : undefined}
        decoding={isPriority ? undefined : 'async'}
        className="aspect-[8/5] h-auto w-full bg-slate-100 object-cover"
      />
      <div className="flex flex-1 flex-col p-6">
        <Heading className="text-xl font-semibold text-slate-900">{item.name}</Heading>
        <p className="mt-2 flex-1 text-sm leading-6 text-slate-600">{item.description}</p>
        <a
          href={item.link}
          target="_blank"
          rel="noopener noreferrer"
          className="mt-6 inline-flex items-center gap-2 self-start rounded-md text-sm font-semibold text-blue-700 hover:text-blue-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2"
        >
          Visit Website
          <ExternalLink className="size-4" aria-hidden="true" />
          <span className="sr-only">{`: ${item.name} (opens in a new tab)`}</span>
        </a>
      </div>
    </article>
  );
}
