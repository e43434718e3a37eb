import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { site } from '@/config/site';

const links = [
  { label: 'Our Work', href: paths.portfolio },
  { label: 'About', href: paths.about },
  { label: 'Website ROI', href: paths.roi },
  { label: 'Pricing', href: `${paths.home}#pricing` },
  { label: 'Contact', href: paths.contact },
];

export function SiteFooter() {
  return (
    <footer className="border-t border-slate-200 bg-slate-50">
      <div className="mx-auto flex max-w-7xl flex-col gap-6 px-4 py-10 sm:px-6 md:flex-row md:items-center md:justify-between lg:px-8">
        <div>
          <p className="font-semibold text-slate-900">{site.name}</p>
          <p className="mt-1 text-sm text-slate-600">High performance, task driven websites.</p>
        </div>
        <nav aria-label="Footer">
          <ul className="flex flex-wrap gap-x-6 gap-y-2 text-sm">
            {links.map((link) => (
              <li key={link.href}>
                <Link to={link.href} className="text-slate-700 underline-offset-4 hover:text-slate-900 hover:underline">
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <p className="text-sm text-slate-600">
          <a href={`mailto:${site.contactEmail}`} className="underline underline-offset-4 hover:text-slate-900">
            {site.contactEmail}
          </a>
        </p>
      </div>
    </footer>
  );
}
