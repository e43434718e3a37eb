import type { ReactNode } from 'react';
import { blogCopy } from '@/config/blog-copy';
import { paths } from '@/config/paths';
import { site } from '@/config/site';

interface BlogHead {
  title: string;
  description: string;
  /** Path of this page (the canonical URL is this origin's). */
  path: string;
  type?: 'website' | 'article';
  image?: string | null;
  publishedTime?: string | null;
}

/**
 * The frame of a public blog page as the SPA renders it on hosted Supabase, like our server's
 * (server/src/modules/blog/blog-page-layout.ts): the head's title, description, canonical URL and Open Graph
 * (React hoists them into <head>), the blog's name on top and the platform's line at the bottom.
 */
export function BlogFrame({ blog, head, children }: { blog: { slug: string; name: string } | null; head: BlogHead; children: ReactNode }) {
  const canonicalUrl = `${window.location.origin}${head.path}`;
  return (
    <div className="min-h-screen bg-white text-[#1f2328]">
      <title>{head.title}</title>
      <meta name="description" content={head.description} />
      <link rel="canonical" href={canonicalUrl} />
      <meta property="og:type" content={head.type ?? 'website'} />
      <meta property="og:title" content={head.title} />
      <meta property="og:description" content={head.description} />
      <meta property="og:url" content={canonicalUrl} />
      <meta property="og:site_name" content={blog?.name ?? site.name} />
      {head.image ? <meta property="og:image" content={head.image} /> : null}
      {head.publishedTime ? <meta property="article:published_time" content={head.publishedTime} /> : null}
      {blog ? (
        <header className="border-b py-4">
          <div className="mx-auto max-w-2xl px-5">
            <a href={paths.blog(blog.slug)} className="text-xl font-bold text-[#1f2328] no-underline">
              {blog.name}
            </a>
          </div>
        </header>
      ) : null}
      <main className="mx-auto max-w-2xl px-5 py-8 text-[1.0625rem] leading-[1.7]">{children}</main>
      <footer className="border-t py-5 text-sm text-[#57606a]">
        <div className="mx-auto max-w-2xl px-5">
          <p>{blogCopy.publishedWith(site.name)}</p>
        </div>
      </footer>
    </div>
  );
}

/** The blog's not-found page (status 404 on our server; the SPA shows the same words). */
export function BlogNotFound({ blog, path }: { blog: { slug: string; name: string } | null; path: string }) {
  return (
    <BlogFrame blog={blog} head={{ title: blogCopy.notFoundTitle, description: blogCopy.notFound, path }}>
      <h1 className="mb-3 text-3xl font-bold">{blogCopy.notFoundTitle}</h1>
      <p>{blogCopy.notFound}</p>
      <p className="mt-4">
        {blog ? (
          <a className="text-[#0b57d0] underline" href={paths.blog(blog.slug)}>
            {blogCopy.allArticles(blog.name)}
          </a>
        ) : (
          <a className="text-[#0b57d0] underline" href={paths.home}>
            {blogCopy.home}
          </a>
        )}
      </p>
    </BlogFrame>
  );
}
