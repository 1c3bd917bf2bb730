import { HardDrive } from 'lucide-react';
import { usageText } from '#shared/documents/storage.ts';
import { Alert } from '#web/components/ui/alert.tsx';
import { Card, CardContent } from '#web/components/ui/card.tsx';
import { SettingsCardHeader } from './settings-card-header.tsx';
import { Skeleton } from '#web/components/ui/skeleton.tsx';
import { useStorageUsage } from '#web/features/settings/api/get-storage-usage.ts';
import { settingsText as t } from '#web/features/settings/messages.ts';

/** "X MB of Y MB used", with a bar that turns amber near the quota and red at it. */
export function StorageCard() {
  const usage = useStorageUsage();
  const share = usage.data ? Math.min(1, usage.data.usedBytes / Math.max(1, usage.data.quotaBytes)) : 0;
  const tone = share >= 1 ? 'bg-red-600' : share >= 0.8 ? 'bg-amber-500' : 'bg-ink-700';
  return (
    <Card>
      <SettingsCardHeader icon={HardDrive} title={t.storageHeading} intro={t.storageIntro} />
      <CardContent>
        {usage.isError ? (
          <Alert tone="error">{t.storageFailed}</Alert>
        ) : !usage.data ? (
          <Skeleton className="h-10 w-full" />
        ) : (
          <div>
            <p className="font-semibold text-slate-900" data-testid="storage-usage">
              {usageText(usage.data.usedBytes, usage.data.quotaBytes)}
            </p>
            <div
              role="meter"
              aria-label={t.storageHeading}
              aria-valuemin={0}
              aria-valuemax={usage.data.quotaBytes}
              aria-valuenow={Math.min(usage.data.usedBytes, usage.data.quotaBytes)}
              aria-valuetext={usageText(usage.data.usedBytes, usage.data.quotaBytes)}
              className="mt-3 h-2 overflow-hidden rounded-full bg-slate-100"
            >
              <div className={`h-full ${tone}`} style={{ width: `${Math.round(share * 100)}%` }} />
            </div>
            {share >= 1 && <p className="mt-3 text-sm text-red-700">{t.storageFull}</p>}
          </div>
        )}
      </CardContent>
    </Card>
  );
}
