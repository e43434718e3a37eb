import { portfolioItems } from '../content/portfolio-items';
import { PortfolioCard } from './portfolio-card';

interface PortfolioGridProps {
  headingLevel?: 'h2' | 'h3';
  /** The grid starts on the first screen (Our Work): its first image loads at once; the others stay lazy. */
  isAboveFold?: boolean;
}

/** One column on small screens, two on medium, three on large. */
export function PortfolioGrid({ headingLevel = 'h3', isAboveFold = false }: PortfolioGridProps) {
  return (
    <ul className="grid grid-cols-1 gap-8 md:grid-cols-2 lg:grid-cols-3" data-testid="portfolio-grid">
      {portfolioItems.map((item, index) => (
        <li key={item.name} className="flex">
          <PortfolioCard item={item} headingLevel={headingLevel} isPriority={isAboveFold && index === 0} />
        </li>
      ))}
    </ul>
  );
}
