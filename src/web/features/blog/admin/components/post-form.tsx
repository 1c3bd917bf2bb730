import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useLocation } from 'wouter';
import { slugify, type BlogPost } from '#shared/blog/schemas.ts';
import { Alert } from '#web/components/ui/alert.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { FormField } from '#web/components/ui/form-field.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { Textarea } from '#web/components/ui/textarea.tsx';
import { DateInput } from '#web/features/blog/admin/components/date-input.tsx';
import { FormCard } from '#web/features/blog/admin/components/form-card.tsx';
import { ImageField } from '#web/features/blog/admin/components/image-field.tsx';
import { PublishedSwitch } from '#web/features/blog/admin/components/published-switch.tsx';
import { TagsInput } from '#web/features/blog/admin/components/tags-input.tsx';
import {
  blogFormSchema,
  emptyPost,
  toInput,
  type BlogFormInput,
  type BlogFormValues,
} from '#web/features/blog/admin/lib/post-input.ts';
import { applyServerErrors } from '#web/features/blog/admin/lib/server-errors.ts';
import { useSavePost } from '#web/features/blog/hooks/use-save-post.ts';
import { blogAdminText } from '#web/features/blog/messages.ts';
import { toast } from '#web/lib/toast.ts';

const t = blogAdminText.editor;

/** Creates a post (no `post`) or edits one; the server's answers land on the fields they concern. */
export function PostForm({ post }: { post?: BlogPost }) {
  const [, navigate] = useLocation();
  const save = useSavePost();
  const [formError, setFormError] = useState<string | null>(null);
  // A new post's slug follows its title until someone edits the slug; an existing post keeps its address.
  const [slugTouched, setSlugTouched] = useState(Boolean(post));
  const form = useForm<BlogFormInput, unknown, BlogFormValues>({
    resolver: zodResolver(blogFormSchema),
    defaultValues: post ? toInput(post) : emptyPost,
  });
  const { errors } = form.formState;
  const slug = useWatch({ control: form.control, name: 'slug' }) ?? '';

  const title = form.register('title', {
    onChange: (event: { target: { value: string } }) => {
      if (!slugTouched) form.setValue('slug', slugify(event.target.value), { shouldValidate: false });
    },
  });
  const slugField = form.register('slug', {
    onChange: (event: { target: { value: string } }) => setSlugTouched(event.target.value !== ''),
  });

  const onSubmit = form.handleSubmit((values) => {
    setFormError(null);
    // An untouched slug is left to the server, which makes it unique from the title.
    const input = {
      ...values,
      slug: !slugTouched && values.slug === slugify(values.title) ? '' : values.slug,
    };
    save.mutate(
      { id: post?.id ?? null, input },
      {
        onSuccess: () => {
          toast({ title: post ? t.savedToast : t.createdToast, variant: 'success' });
          navigate('/admin/blog');
        },
        onError: (error) => setFormError(applyServerErrors(error, form.setError)),
      },
    );
  });

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-6 xl:grid-cols-[1fr_24rem]">
      {formError ? (
        <Alert tone="error" role="alert" title={t.saveFailed} className="xl:col-span-2">
          {formError}
        </Alert>
      ) : null}
      <FormCard title={t.sections.writing} id="post-writing">
        <FormField label={t.title} error={errors.title?.message}>
          <Input {...title} autoComplete="off" />
        </FormField>
        <FormField label={t.slug} hint={t.slugHint(slug)} error={errors.slug?.message}>
          <Input {...slugField} autoComplete="off" spellCheck={false} className="font-mono" />
        </FormField>
        <FormField label={t.excerpt} hint={t.excerptHint} error={errors.excerpt?.message}>
          <Textarea {...form.register('excerpt')} rows={3} />
        </FormField>
        <FormField label={t.content} hint={t.contentHint} error={errors.content?.message}>
          <Textarea {...form.register('content')} rows={16} className="leading-6" />
        </FormField>
      </FormCard>
      <div className="space-y-6">
        <FormCard title={t.sections.details} id="post-details">
          <FormField label={t.category} error={errors.category?.message}>
            <Input {...form.register('category')} placeholder={t.categoryPlaceholder} />
          </FormField>
          <Controller
            control={form.control}
            name="tags"
            render={({ field }) => (
              <FormField
                label={t.tags}
                hint={t.tagsHint}
                error={errors.tags?.message ?? errors.tags?.[0]?.message}
              >
                <TagsInput value={field.value ?? []} onChange={field.onChange} onBlur={field.onBlur} />
              </FormField>
            )}
          />
          <Controller
            control={form.control}
            name="featuredImage"
            render={({ field }) => (
              <ImageField
                value={field.value ?? ''}
                onChange={field.onChange}
                error={errors.featuredImage?.message}
              />
            )}
          />
          <Controller
            control={form.control}
            name="publishedAt"
            render={({ field }) => (
              <FormField label={t.publishedAt} hint={t.publishedAtHint} error={errors.publishedAt?.message}>
                <DateInput
                  value={field.value ?? ''}
                  original={post?.publishedAt ?? ''}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                />
              </FormField>
            )}
          />
          <Controller
            control={form.control}
            name="published"
            render={({ field }) => (
              <PublishedSwitch checked={field.value ?? false} onChange={field.onChange} />
            )}
          />
        </FormCard>
        <Button type="submit" size="lg" disabled={save.isPending} className="w-full">
          {save.isPending ? <Spinner className="size-4" /> : null}
          {post ? t.save : t.create}
        </Button>
      </div>
    </form>
  );
}
