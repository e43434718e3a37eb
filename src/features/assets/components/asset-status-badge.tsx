import { Badge } from '@/components/ui/badge';
import { statusOption } from '@/features/assets/utils/asset-display';

/** An asset's review status, in words and colour. */
export function AssetStatusBadge({ status }: { status: string }) {
  const option = statusOption(status);
  return <Badge variant={option.tone}>{option.label}</Badge>;
}
