import { Link } from 'react-router';
import { buttonVariants } from '@/components/ui/button-variants';
import { paths } from '@/config/paths';
import { site } from '@/config/site';
import hero640 from '../assets/images/hero-640.webp';
import hero960 from '../assets/images/hero-960.webp';
import hero1280 from '../assets/images/hero-1280.webp';
import hero1600 from '../assets/images/hero-1600.webp';
import { AudioToggle } from './audio-toggle';

export function Hero() {
  return (
    <section aria-labelledby="hero-title" className="bg-gradient-to-b from-slate-50 to-white">
      <div className="mx-auto grid max-w-7xl items-center gap-10 px-4 py-12 sm:px-6 sm:py-16 lg:grid-cols-2 lg:px-8 lg:py-20">
        <div>
          <p className="text-sm font-semibold uppercase tracking-widest text-blue-700">{site.name} · Web agency</p>
          <h1 id="hero-title" className="mt-3 text-4xl font-bold tracking-tight text-slate-900 sm:text-5xl lg:text-6xl">
            {site.tagline}
          </h1>
          <p className="mt-6 max-w-xl text-lg leading-8 text-slate-600">
            Your website should do more than look good. We design and build sites around the tasks your visitors come
            to complete — book, buy, subscribe, get in touch — and make them fast enough that nobody gives up on the way.
          </p>
          <div className="mt-8 flex flex-wrap items-center gap-3">
            <Link to={paths.auth} className={buttonVariants({ size: 'lg' })}>
              Marketing SaaS Platform
            </Link>
            <Link to={paths.auth} className={buttonVariants({ variant: 'outline', size: 'lg' })}>
              Sign In
            </Link>
            <AudioToggle />
          </div>
        </div>
        <img
          src={hero960}
          srcSet={`${hero640} 640w, ${hero960} 960w, ${hero1280} 1280w, ${hero1600} 1600w`}
          sizes="(min-width: 1280px) 600px, (min-width: 1024px) 46vw, 100vw"
          width={1600}
          height={900}
          fetchPriority="high"
          alt="A fast website on a laptop and a phone, with task checklists and a perfect performance score"
          className="aspect-video h-auto w-full rounded-2xl shadow-xl"
        />
      </div>
    </section>
  );
}
