import { blogCopy } from '@/config/blog-copy';
import { postMeta } from '@/config/blog';
import { paths } from '@/config/paths';
import { ListStatus } from '@/components/module/list-status';
import { Button } from '@/components/ui/button';
import { useBlogPost } from '@/features/blog/api/get-public-blog-post';
import { BlogFrame, BlogNotFound } from '@/features/blog/components/blog-frame';
import { BlogCover, BlogDate, BlogTags } from '@/features/blog/components/blog-post-meta';

// The stored HTML's elements (markdown-html.ts allows these), styled like our server's page.
const CONTENT_STYLE =
  'break-words [&_a]:text-[#0b57d0] [&_a]:underline [&_p]:my-4 [&_h2]:mt-8 [&_h2]:mb-3 [&_h2]:text-2xl [&_h2]:font-semibold [&_h3]:mt-6 [&_h3]:mb-2 [&_h3]:text-xl [&_h3]:font-semibold [&_h4]:font-semibold [&_ul]:list-disc [&_ul]:pl-6 [&_ol]:list-decimal [&_ol]:pl-6 [&_blockquote]:border-l-4 [&_blockquote]:pl-4 [&_blockquote]:text-[#424a53] [&_pre]:overflow-x-auto [&_pre]:rounded-md [&_pre]:bg-[#f6f8fa] [&_pre]:p-4 [&_pre]:text-sm [&_img]:h-auto [&_img]:max-w-full [&_table]:block [&_table]:overflow-x-auto [&_td]:border [&_td]:px-2 [&_th]:border [&_th]:px-2';

/** One published item's page (the SPA's rendering for hosted Supabase). */
export function BlogPostPage({ blogSlug, postSlug }: { blogSlug: string; postSlug: string }) {
  const query = useBlogPost(blogSlug, postSlug);
  const path = paths.blogPost(blogSlug, postSlug);

  if (query.isPending || query.isError) {
    const title = query.isPending ? blogCopy.loadingArticle : blogCopy.failed;
    return (
      <BlogFrame blog={null} head={{ title, description: title, path }}>
        {query.isPending ? (
          <ListStatus kind="loading" title={title} />
        ) : (
          <ListStatus kind="error" title={title} description={blogCopy.failedDescription}>
            <Button variant="outline" onClick={() => void query.refetch()}>
              {blogCopy.retry}
            </Button>
          </ListStatus>
        )}
      </BlogFrame>
    );
  }
  const { blog, post } = query.data;
  if (!blog || !post) return <BlogNotFound blog={blog} path={path} />;

  const meta = postMeta({ title: post.title, excerpt: post.excerpt, seoTitle: post.seo_title, seoDescription: post.seo_description }, blog.name);
  return (
    <BlogFrame
      blog={blog}
      head={{ title: meta.title, description: meta.description, path, type: 'article', image: post.featured_image_url, publishedTime: post.published_at }}
    >
      <article>
        <h1 className="mb-3 text-[2.1rem] font-bold leading-tight break-words">{post.title}</h1>
        <BlogDate publishedAt={post.published_at} />
        <BlogTags tags={post.tags} />
        <BlogCover url={post.featured_image_url} isMain />
        {post.excerpt ? <p className="mb-3 text-[#57606a]">{post.excerpt}</p> : null}
        {/* Sanitised by the server when the item was saved (server/src/modules/blog/markdown-html.ts): the database
            keeps only that HTML, which no client can write; the CSP forbids inline scripts besides. */}
        <div className={CONTENT_STYLE} dangerouslySetInnerHTML={{ __html: post.content_html }} />
      </article>
      <p className="mt-6">
        <a className="text-[#0b57d0] underline" href={paths.blog(blog.slug)}>
          {blogCopy.allArticles(blog.name)}
        </a>
      </p>
    </BlogFrame>
  );
}
