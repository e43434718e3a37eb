import { site } from '@/config/site';

/** The brand mark (same drawing as /favicon.svg) and the name. */
export function BrandLogo() {
  return (
    <span className="flex items-center gap-2">
      <svg viewBox="0 0 64 64" width="32" height="32" aria-hidden="true" focusable="false">
        <rect width="64" height="64" rx="14" fill="#0f172a" />
        <path
          d="M18 14h16c7 0 11 4 11 9.5 0 3.6-2 6.2-5 7.4 4 1 6.5 4.2 6.5 8.6C46.5 46 42 50 34.5 50H18V14zm9 14h6c2.4 0 3.8-1.3 3.8-3.3S35.4 21.5 33 21.5h-6V28zm0 14.5h7c2.6 0 4.1-1.4 4.1-3.6s-1.5-3.6-4.1-3.6h-7v7.2z"
          fill="#fff"
        />
      </svg>
      <span className="text-lg font-bold tracking-tight text-slate-900">{site.name}</span>
    </span>
  );
}
