import { useParams } from 'react-router';
import { BlogPostPage } from '@/features/blog/components/blog-post-page';

/** /blog/:blogSlug/:postSlug: one published item of a workspace's public blog. */
export function BlogPostRoute() {
  const { blogSlug = '', postSlug = '' } = useParams();
  return <BlogPostPage key={`${blogSlug}/${postSlug}`} blogSlug={blogSlug} postSlug={postSlug} />;
}
