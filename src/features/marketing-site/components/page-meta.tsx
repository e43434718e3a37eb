import { site } from '@/config/site';

/** Title and description of a page (React hoists both into <head>; the prerender moves them there). */
export function PageMeta({ title, description }: { title: string; description: string }) {
  return (
    <>
      <title>{title === site.name ? title : `${title} | ${site.name}`}</title>
      <meta name="description" content={description} />
    </>
  );
}
