import { useParams } from 'react-router';
import { ApprovalPage } from '@/features/social/components/approval-page';

/** /approve/<token>: a social post's approval link (anyone holding it, no account). */
export function ApproveRoute() {
  const { token = '' } = useParams();
  return <ApprovalPage key={token} token={token} />;
}
