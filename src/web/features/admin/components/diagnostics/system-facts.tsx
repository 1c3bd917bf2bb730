import { Badge } from '#web/components/ui/badge.tsx';
import type { Diagnostics } from '#shared/admin/answers.ts';
import { FactCard } from '#web/features/admin/components/diagnostics/fact-card.tsx';
import { formatBytes, formatDateTime, formatDuration } from '#web/features/admin/lib/format.ts';
import { adminText } from '#web/features/admin/messages.ts';

const t = adminText.diagnostics;

export function SystemFacts({ data, fetchedAt }: { data: Diagnostics; fetchedAt: number }) {
  const startedAt = new Date(fetchedAt - data.uptimeSeconds * 1000).toISOString();
  const db = data.database;
  return (
    <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
      <FactCard label={t.version} value={data.version}>
        <p>{t.node(data.node)}</p>
      </FactCard>
      <FactCard label={t.uptime} value={formatDuration(data.uptimeSeconds)}>
        <p>{t.uptimeSince(formatDateTime(startedAt))}</p>
      </FactCard>
      <FactCard label={t.database} value={t.kinds[db.kind] ?? db.kind}>
        <p>
          {db.healthy ? (
            <Badge tone="success">{t.healthy}</Badge>
          ) : (
            <Badge tone="danger">{t.unhealthy}</Badge>
          )}
        </p>
        <p>{t.size(formatBytes(db.sizeBytes))}</p>
      </FactCard>
      <FactCard label={t.memory} value={formatBytes(data.memory.rssBytes)}>
        <p>
          {t.memoryDetail(formatBytes(data.memory.heapUsedBytes), formatBytes(data.memory.heapTotalBytes))}
        </p>
      </FactCard>
    </div>
  );
}
