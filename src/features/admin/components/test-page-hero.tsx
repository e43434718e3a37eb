import heroImage from '@/features/admin/assets/test-page-hero.svg';
import { adminCopy } from '@/config/admin-copy';

/** The hero image of an admin page (16:9), tinted per page so neighbouring pages are told apart at a glance. */
export function TestPageHero({ number, title }: { number: number; title: string }) {
  return (
    <img
      src={heroImage}
      width={1600}
      height={900}
      alt={adminCopy.testPage.heroAlt(title)}
      className="aspect-video h-auto w-full rounded-xl object-cover shadow-md"
      style={{ filter: `hue-rotate(${((number - 1) * 37) % 360}deg)` }}
    />
  );
}
