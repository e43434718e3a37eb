import penmark480 from '../assets/images/portfolio-penmark-480.webp';
import penmark800 from '../assets/images/portfolio-penmark-800.webp';
import secondSummit480 from '../assets/images/portfolio-second-summit-480.webp';
import secondSummit800 from '../assets/images/portfolio-second-summit-800.webp';
import silverCompass480 from '../assets/images/portfolio-silver-compass-480.webp';
import silverCompass800 from '../assets/images/portfolio-silver-compass-800.webp';

/** A client site of spec §1/§3: name, description, external link, image. */
export interface PortfolioItem {
  name: string;
  description: string;
  link: string;
  image: { src: string; srcSet: string; width: number; height: number; alt: string };
}

const image = (small: string, large: string, alt: string) => ({
  src: large,
  srcSet: `${small} 480w, ${large} 800w`,
  width: 800,
  height: 500,
  alt,
});

export const portfolioItems: PortfolioItem[] = [
  {
    name: 'Penmark',
    description:
      'A publishing platform for content creators: writers launch newsletters, essays and serialized fiction, grow a readership and get paid through memberships, with pages that load in a blink on any phone.',
    link: 'https://www.penmark.io',
    image: image(penmark480, penmark800, 'Penmark home page with a featured essay, the latest stories and a subscribe button'),
  },
  {
    name: 'Silver Compass Journeys',
    description:
      'A travel agency for mature travelers: small-group tours and river cruises at a relaxed pace, with large, legible type, step-free booking and a real person one call away.',
    link: 'https://www.silvercompassjourneys.com',
    image: image(
      silverCompass480,
      silverCompass800,
      'Silver Compass Journeys home page with a mountain river cruise and three featured itineraries',
    ),
  },
  {
    name: 'Second Summit',
    description:
      'A community platform for active seniors aged 50+: hiking groups, fitness classes and local meetups, with event sign-up in three taps and reminders members actually read.',
    link: 'https://www.secondsummit.org',
    image: image(secondSummit480, secondSummit800, 'Second Summit home page with members on a summit and a list of upcoming group events'),
  },
];
