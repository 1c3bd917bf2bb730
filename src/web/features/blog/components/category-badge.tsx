import { Badge } from '#web/components/ui/badge.tsx';
import { blogText } from '#web/features/blog/messages.ts';

export function CategoryBadge({ category }: { category: string }) {
  return (
    <Badge tone="info" data-testid="post-category">
      {category.trim() || blogText.defaultCategory}
    </Badge>
  );
}
