import { Card } from '#web/components/ui/card.tsx';
import { Skeleton } from '#web/components/ui/skeleton.tsx';

export function DocumentCardSkeleton() {
  return (
    <Card className="flex flex-col gap-4 p-5" data-testid="document-skeleton">
      <div className="flex gap-3">
        <Skeleton className="size-10 rounded-lg" />
        <div className="flex-1 space-y-2">
          <Skeleton className="h-5 w-3/4" />
          <Skeleton className="h-4 w-1/2" />
        </div>
      </div>
      <Skeleton className="h-5 w-20 rounded-full" />
      <Skeleton className="h-9 w-full" />
    </Card>
  );
}
