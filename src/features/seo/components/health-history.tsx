import { Chart } from '@/components/charts/chart';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { seoCopy } from '@/config/seo-copy';
import type { SeoAudit } from '@/features/seo/api/get-seo-audits';
import { formatDate } from '@/lib/format';

const copy = seoCopy.history;

/** The site's health score at each finished audit, oldest first, drawn with the shared chart (and its table). */
export function HealthHistory({ audits }: { audits: readonly SeoAudit[] }) {
  const data = [...audits]
    .reverse()
    .map((audit) => ({ audit: audit.finished_at ?? audit.created_at, score: audit.health_score ?? 0 }));
  return (
    <Card>
      <CardHeader>
        <h2 className="text-xl font-semibold leading-none tracking-tight">{copy.title}</h2>
      </CardHeader>
      <CardContent>
        <Chart
          title={copy.title}
          kind="line"
          data={data}
          xKey="audit"
          xLabel={copy.x}
          formatX={(value) => formatDate(value)}
          series={[{ key: 'score', label: copy.score, format: (value) => String(value) }]}
        />
      </CardContent>
    </Card>
  );
}
