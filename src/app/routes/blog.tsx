import { useParams, useSearchParams } from 'react-router';
import { parseBlogPage } from '@/config/blog';
import { BlogListPage } from '@/features/blog/components/blog-list-page';

/** /blog/:blogSlug (`?page=n`): a workspace's public blog, rendered by the SPA where no server of ours renders it. */
export function BlogRoute() {
  const { blogSlug = '' } = useParams();
  const [search] = useSearchParams();
  return <BlogListPage key={blogSlug} blogSlug={blogSlug} page={parseBlogPage(search.get('page'))} />;
}
