import { Info } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { messages } from '@/config/messages';

/** A discreet marker on fixed sample figures, so nobody takes them for their own numbers. */
export function SampleDataBadge() {
  return (
    <Badge variant="outline" className="gap-1 font-normal text-muted-foreground" title={messages.modules.sampleDataDescription}>
      <Info className="h-3 w-3" aria-hidden="true" />
      {messages.modules.sampleData}
      <span className="sr-only">: {messages.modules.sampleDataDescription}</span>
    </Badge>
  );
}
