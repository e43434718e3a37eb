import { blogCopy } from '@/config/blog-copy';
import { blogMeta, blogPageCount } from '@/config/blog';
import { paths } from '@/config/paths';
import { ListStatus } from '@/components/module/list-status';
import { Button } from '@/components/ui/button';
import { useBlogListPage } from '@/features/blog/api/get-public-blog';
import { BlogFrame, BlogNotFound } from '@/features/blog/components/blog-frame';
import { BlogCover, BlogDate, BlogTags } from '@/features/blog/components/blog-post-meta';

/** A blog's list of published items, newest first, ten a page (the SPA's rendering for hosted Supabase). */
export function BlogListPage({ blogSlug, page }: { blogSlug: string; page: number | undefined }) {
  const pageNumber = page ?? 1;
  const query = useBlogListPage(blogSlug, pageNumber);
  const path = paths.blog(blogSlug, pageNumber);

  if (query.isPending) {
    return (
      <BlogFrame blog={null} head={{ title: blogCopy.loading, description: blogCopy.loading, path }}>
        <ListStatus kind="loading" title={blogCopy.loading} />
      </BlogFrame>
    );
  }
  if (query.isError) {
    return (
      <BlogFrame blog={null} head={{ title: blogCopy.failed, description: blogCopy.failed, path }}>
        <ListStatus kind="error" title={blogCopy.failed} description={blogCopy.failedDescription}>
          <Button variant="outline" onClick={() => void query.refetch()}>
            {blogCopy.retry}
          </Button>
        </ListStatus>
      </BlogFrame>
    );
  }
  const { blog, posts } = query.data;
  const pageCount = blog ? blogPageCount(blog.post_count) : 0;
  if (!blog || page === undefined || pageNumber > pageCount) return <BlogNotFound blog={blog} path={path} />;

  const meta = blogMeta(blog.name, pageNumber);
  return (
    <BlogFrame blog={blog} head={{ title: meta.title, description: meta.description, path }}>
      <h1 className="mb-3 text-[2.1rem] font-bold leading-tight break-words">{meta.title}</h1>
      {posts.length === 0 ? <p className="py-8 text-[#424a53]">{blogCopy.empty}</p> : null}
      <ol>
        {posts.map((post, index) => (
          <li key={post.slug} className="border-b py-6">
            <article>
              <BlogCover url={post.featured_image_url} isMain={index === 0} />
              <h2 className="mb-1 text-[1.35rem] font-semibold leading-snug break-words">
                <a className="text-[#1f2328] underline" href={paths.blogPost(blog.slug, post.slug)}>
                  {post.title}
                </a>
              </h2>
              <BlogDate publishedAt={post.published_at} />
              {post.excerpt ? <p className="mb-3">{post.excerpt}</p> : null}
              <BlogTags tags={post.tags} label={blogCopy.tagsOf(post.title)} />
            </article>
          </li>
        ))}
      </ol>
      {pageCount > 1 ? (
        <nav aria-label={blogCopy.pages} className="flex flex-wrap justify-between gap-4 pt-6">
          {pageNumber > 1 ? <a className="text-[#0b57d0] underline" href={paths.blog(blog.slug, pageNumber - 1)} rel="prev">{blogCopy.newer}</a> : <span />}
          <span>{blogCopy.pageOf(pageNumber, pageCount)}</span>
          {pageNumber < pageCount ? <a className="text-[#0b57d0] underline" href={paths.blog(blog.slug, pageNumber + 1)} rel="next">{blogCopy.older}</a> : <span />}
        </nav>
      ) : null}
    </BlogFrame>
  );
}
