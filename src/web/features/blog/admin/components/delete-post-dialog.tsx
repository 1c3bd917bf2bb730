import type { BlogPost } from '#shared/blog/schemas.ts';
import { Alert } from '#web/components/ui/alert.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Dialog, DialogClose, DialogContent, DialogFooter } from '#web/components/ui/dialog.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { useDeletePost } from '#web/features/blog/api/delete-post.ts';
import { blogAdminText } from '#web/features/blog/messages.ts';
import { toast } from '#web/lib/toast.ts';

const t = blogAdminText.remove;

/** Asks before a post is deleted for good; closes itself once the server has deleted it. */
export function DeletePostDialog({ post, onClose }: { post: BlogPost | null; onClose: () => void }) {
  const remove = useDeletePost();
  const close = () => {
    remove.reset();
    onClose();
  };
  return (
    <Dialog open={post !== null} onOpenChange={(open) => (open ? undefined : close())}>
      {post ? (
        <DialogContent title={t.title} description={t.description(post.title)} size="sm" role="alertdialog">
          {remove.error ? (
            <Alert tone="error" role="alert">
              {remove.error.message}
            </Alert>
          ) : null}
          <DialogFooter>
            <DialogClose asChild>
              <Button variant="secondary">{t.cancel}</Button>
            </DialogClose>
            <Button
              variant="destructive"
              disabled={remove.isPending}
              onClick={() =>
                remove.mutate(post.id, {
                  onSuccess: () => {
                    toast({ title: blogAdminText.list.deletedToast, variant: 'success' });
                    close();
                  },
                })
              }
            >
              {remove.isPending ? <Spinner className="size-4" /> : null}
              {t.confirm}
            </Button>
          </DialogFooter>
        </DialogContent>
      ) : null}
    </Dialog>
  );
}
