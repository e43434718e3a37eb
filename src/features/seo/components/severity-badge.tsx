import { Badge } from '@/components/ui/badge';
import { SEVERITY_LABEL, type SeoSeverity } from '@/config/seo-checks';
import { asSeverity } from '@/features/seo/utils/issue-detail';

const VARIANT: Record<SeoSeverity, 'red' | 'yellow' | 'blue' | 'grey'> = { critical: 'red', error: 'red', warning: 'yellow', notice: 'grey' };

/** An issue's severity as a coloured badge with its word (never colour alone). */
export function SeverityBadge({ severity }: { severity: string }) {
  const value = asSeverity(severity);
  return (
    <Badge variant={VARIANT[value]} className={value === 'critical' ? 'uppercase' : undefined}>
      {SEVERITY_LABEL[value]}
    </Badge>
  );
}
