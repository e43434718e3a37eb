import { Info } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { moduleCopy } from '@/config/account-copy';

/** A discreet marker on fixed sample figures, so nobody takes them for their own numbers. */
export function SampleDataBadge() {
  return (
    <Badge variant="outline" className="gap-1 font-normal text-muted-foreground" title={moduleCopy.sampleDataDescription}>
      <Info className="h-3 w-3" aria-hidden="true" />
      {moduleCopy.sampleData}
      <span className="sr-only">: {moduleCopy.sampleDataDescription}</span>
    </Badge>
  );
}
