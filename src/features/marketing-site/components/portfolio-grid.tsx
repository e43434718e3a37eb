import { portfolioItems } from '../content/portfolio-items';
import { PortfolioCard } from './portfolio-card';

/** One column on small screens, two on medium, three on large. */
export function PortfolioGrid({ headingLevel = 'h3' }: { headingLevel?: 'h2' | 'h3' }) {
  return (
    <ul className="grid grid-cols-1 gap-8 md:grid-cols-2 lg:grid-cols-3" data-testid="portfolio-grid">
      {portfolioItems.map((item) => (
        <li key={item.name} className="flex">
          <PortfolioCard item={item} headingLevel={headingLevel} />
        </li>
      ))}
    </ul>
  );
}
