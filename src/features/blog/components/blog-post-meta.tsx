import { blogCopy } from '@/config/blog-copy';
import { formatBlogDate } from '@/config/blog';

/** An item's date and tags, as on our server's pages. */
export function BlogPostMeta({ publishedAt, tags, tagsLabel = blogCopy.tags }: { publishedAt: string | null; tags: string[]; tagsLabel?: string }) {
  return (
    <>
      {publishedAt ? (
        <p className="mb-3 text-[0.95rem] text-[#57606a]">
          <time dateTime={new Date(publishedAt).toISOString()}>{formatBlogDate(publishedAt)}</time>
        </p>
      ) : null}
      {tags.length ? (
        <ul aria-label={tagsLabel} className="mb-5 flex flex-wrap gap-2">
          {tags.map((tag) => (
            <li key={tag} className="rounded-full bg-[#eef1f4] px-3 py-0.5 text-sm">
              {tag}
            </li>
          ))}
        </ul>
      ) : null}
    </>
  );
}

/** A featured image in a reserved 16:9 box (no layout shift); the first one on a page loads first. */
export function BlogCover({ url, isMain }: { url: string | null; isMain: boolean }) {
  if (!url) return null;
  return (
    <img
      src={url}
      alt=""
      width={1200}
      height={675}
      className="mb-5 block aspect-video w-full rounded-lg bg-[#eef1f4] object-cover"
      {...(isMain ? { fetchPriority: 'high' as const } : { loading: 'lazy' as const, decoding: 'async' as const })}
    />
  );
}
