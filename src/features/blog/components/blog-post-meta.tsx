import { blogCopy } from '@/config/blog-copy';
import { formatBlogDate } from '@/config/blog';

/** An item's publication day, as on our server's pages. */
export function BlogDate({ publishedAt }: { publishedAt: string | null }) {
  if (!publishedAt) return null;
  return (
    <p className="mb-3 text-[0.95rem] text-[#57606a]">
      <time dateTime={new Date(publishedAt).toISOString()}>{formatBlogDate(publishedAt)}</time>
    </p>
  );
}

/** An item's tags, a named list. */
export function BlogTags({ tags, label = blogCopy.tags }: { tags: string[]; label?: string }) {
  if (tags.length === 0) return null;
  return (
    <ul aria-label={label} className="mb-5 flex flex-wrap gap-2">
      {tags.map((tag) => (
        <li key={tag} className="rounded-full bg-[#eef1f4] px-3 py-0.5 text-sm">
          {tag}
        </li>
      ))}
    </ul>
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
