import { Eye, EyeOff, Pencil, Send, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'wouter';
import type { BlogPost } from '#shared/blog/schemas.ts';
import { Badge } from '#web/components/ui/badge.tsx';
import { Button, buttonClasses } from '#web/components/ui/button.tsx';
import {
  Table,
  TableBody,
  TableCaption,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '#web/components/ui/table.tsx';
import { toInput } from '#web/features/blog/admin/lib/post-input.ts';
import { useSavePost } from '#web/features/blog/hooks/use-save-post.ts';
import { formatPostDate } from '#web/features/blog/lib/format.ts';
import { blogAdminText } from '#web/features/blog/messages.ts';
import { toast } from '#web/lib/toast.ts';

const t = blogAdminText.list;

/** Draft, Published, or Scheduled (published with a date still to come: not on the blog yet). */
function StatusBadge({ post, now }: { post: BlogPost; now: number }) {
  if (!post.published) return <Badge tone="neutral">{t.draft}</Badge>;
  const scheduled = post.publishedAt !== null && Date.parse(post.publishedAt) > now;
  return <Badge tone={scheduled ? 'warning' : 'success'}>{scheduled ? t.scheduled : t.published}</Badge>;
}

function PublishButton({ post }: { post: BlogPost }) {
  const save = useSavePost();
  const next = !post.published;
  return (
    <Button
      variant="ghost"
      size="sm"
      aria-label={`${next ? t.publish : t.unpublish}: ${post.title}`}
      disabled={save.isPending}
      onClick={() =>
        save.mutate(
          { id: post.id, input: { ...toInput(post), published: next } },
          {
            onSuccess: () =>
              toast({ title: next ? t.publishedToast : t.unpublishedToast, variant: 'success' }),
            onError: (error) =>
              toast({ title: t.actionFailed, description: error.message, variant: 'destructive' }),
          },
        )
      }
    >
      {next ? (
        <Send aria-hidden="true" className="size-4" />
      ) : (
        <EyeOff aria-hidden="true" className="size-4" />
      )}
      {next ? t.publish : t.unpublish}
    </Button>
  );
}

/** Every post with its status and actions: view, edit, publish or unpublish, delete. */
export function PostTable({ posts, onDelete }: { posts: BlogPost[]; onDelete: (post: BlogPost) => void }) {
  const [now] = useState(Date.now);
  return (
    <Table>
      <TableCaption className="sr-only">{t.caption}</TableCaption>
      <TableHead>
        <TableRow>
          <TableHeader>{t.columns.title}</TableHeader>
          <TableHeader>{t.columns.status}</TableHeader>
          <TableHeader className="hidden @3xl:table-cell">{t.columns.published}</TableHeader>
          <TableHeader className="text-right">{t.columns.actions}</TableHeader>
        </TableRow>
      </TableHead>
      <TableBody>
        {posts.map((post) => (
          <TableRow key={post.id} data-testid="admin-post-row">
            <TableCell className="min-w-56">
              <p className="font-medium wrap-anywhere text-slate-900">{post.title}</p>
              <p className="font-mono text-xs break-all text-slate-600">/blog/{post.slug}</p>
            </TableCell>
            <TableCell>
              <StatusBadge post={post} now={now} />
            </TableCell>
            <TableCell className="hidden whitespace-nowrap @3xl:table-cell">
              {post.publishedAt ? formatPostDate(post.publishedAt) : t.notYet}
            </TableCell>
            <TableCell>
              <div className="flex justify-end gap-1">
                {post.published ? (
                  <Link
                    href={`/blog/${post.slug}`}
                    aria-label={`${t.view}: ${post.title}`}
                    className={buttonClasses('ghost', 'sm')}
                  >
                    <Eye aria-hidden="true" className="size-4" />
                    {t.view}
                  </Link>
                ) : null}
                <Link
                  href={`/admin/blog/edit/${post.id}`}
                  aria-label={`${t.edit}: ${post.title}`}
                  className={buttonClasses('ghost', 'sm')}
                >
                  <Pencil aria-hidden="true" className="size-4" />
                  {t.edit}
                </Link>
                <PublishButton post={post} />
                <Button
                  variant="ghost"
                  size="sm"
                  className="text-red-700 hover:bg-red-50 hover:text-red-800"
                  aria-label={`${t.delete}: ${post.title}`}
                  onClick={() => onDelete(post)}
                >
                  <Trash2 aria-hidden="true" className="size-4" />
                  {t.delete}
                </Button>
              </div>
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
