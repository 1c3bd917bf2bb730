import { ArrowLeft, Copy, QrCode } from 'lucide-react';
import { useState } from 'react';
import { Link, useParams } from 'wouter';
import type { Template } from '#shared/templates/answers.ts';
import { linkSettingsSchema, type LinkSettingsInput, type TemplateLink } from '#shared/templates/links.ts';
import { Alert } from '#web/components/ui/alert.tsx';
import { Badge } from '#web/components/ui/badge.tsx';
import { Button, buttonClasses } from '#web/components/ui/button.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { ConfirmDialog } from '#web/components/ui/confirm-dialog.tsx';
import { FormField } from '#web/components/ui/form-field.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { Label } from '#web/components/ui/label.tsx';
import { Select } from '#web/components/ui/select.tsx';
import { LoadingState, Spinner } from '#web/components/ui/spinner.tsx';
import { Switch } from '#web/components/ui/switch.tsx';
import { ApiError } from '#web/lib/api.ts';
import { usePageMeta } from '#web/lib/page-meta.ts';
import { toast } from '#web/lib/toast.ts';
import { useDeleteLink } from '../api/delete-link.ts';
import { useLinkTemplate } from '../api/get-template.ts';
import { useOwnerLink, useSetOwnerLink } from '../api/owner-link.ts';
import { useSaveLink } from '../api/save-link.ts';
import { Submissions } from '../components/submissions.tsx';
import { directLinkText as t } from '../messages.ts';

type Draft = {
  openRole: number;
  people: Record<number, { name: string; email: string }>;
  paused: boolean;
  /** yyyy-mm-dd, local; '' for none. */
  until: string;
  max: string;
};

const localDay = (isoTime: string) => {
  const d = new Date(isoTime);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
};

function draftOf(template: Template, link: TemplateLink | null): Draft {
  const open =
    link?.openRole ??
    Math.max(
      0,
      template.roles.findIndex((r) => r.role !== 'viewer'),
    );
  const people: Draft['people'] = {};
  for (const a of link?.assignees ?? []) people[a.role] = { name: a.name, email: a.email };
  return {
    openRole: open,
    people,
    paused: link?.paused ?? false,
    until: link?.expiresAt ? localDay(link.expiresAt) : '',
    max: link?.maxSubmissions ? String(link.maxSubmissions) : '',
  };
}

/** The end of the chosen day in the owner's time zone. */
const endOfDay = (day: string) => new Date(`${day}T23:59:59`).toISOString();

/** /templates/{id}/link: the template's public link, its settings, QR code and submissions. */
export default function LinkSettingsPage() {
  const { id = '' } = useParams<{ id: string }>();
  const templateId = Number(id);
  const template = useLinkTemplate(templateId);
  const link = useOwnerLink(templateId);
  const name = template.data?.template.name;
  usePageMeta(name ? { title: t.settingsTitle(name) } : null);

  if (template.isPending || link.isPending) return <LoadingState label={t.loading} showLabel />;
  if (!template.data || !link.data)
    return (
      <div className="mx-auto max-w-3xl px-4 py-10">
        <Alert tone="error" role="alert">
          {template.error instanceof ApiError && template.error.status === 404
            ? t.notFound
            : (template.error ?? link.error)?.message}
        </Alert>
      </div>
    );
  // A saved link starts the form again from what the server now has.
  return (
    <Settings
      key={link.data.link?.updatedAt ?? 'none'}
      template={template.data.template}
      link={link.data.link}
    />
  );
}

function Settings({ template, link }: { template: Template; link: TemplateLink | null }) {
  const save = useSaveLink(template.id);
  const remove = useDeleteLink(template.id);
  const setLink = useSetOwnerLink(template.id);
  const [draft, setDraft] = useState<Draft>(() => draftOf(template, link));
  const [error, setError] = useState<{ message: string; path?: string } | null>(null);
  const [confirmOff, setConfirmOff] = useState(false);

  const body = (): LinkSettingsInput => ({
    openRole: draft.openRole,
    assignees: template.roles.flatMap((_, i) =>
      i === draft.openRole
        ? []
        : [{ role: i, name: draft.people[i]?.name ?? '', email: draft.people[i]?.email ?? '' }],
    ),
    paused: draft.paused,
    expiresAt: draft.until ? endOfDay(draft.until) : null,
    maxSubmissions: draft.max ? Number(draft.max) : null,
  });

  const submit = async () => {
    const parsed = linkSettingsSchema.safeParse(body());
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      return setError({ message: issue.message, path: issue.path.join('.') });
    }
    setError(null);
    try {
      const answer = await save.mutateAsync(body());
      setLink(answer.link);
      toast({ title: answer.message, variant: 'success' });
    } catch (e) {
      const path = e instanceof ApiError ? (e.data as { path?: unknown[] } | null)?.path : undefined;
      setError({ message: e instanceof Error ? e.message : String(e), path: path?.join('.') });
    }
  };

  const turnOff = async () => {
    try {
      const answer = await remove.mutateAsync();
      setConfirmOff(false);
      setLink(null);
      toast({ title: answer.message, variant: 'success' });
    } catch {
      // shown in the dialog
    }
  };

  const errorAt = (path: string) => (error?.path === path ? error.message : undefined);
  const setPerson = (role: number, part: 'name' | 'email', value: string) =>
    setDraft((d) => ({
      ...d,
      people: { ...d.people, [role]: { name: '', email: '', ...d.people[role], [part]: value } },
    }));
  const url = link ? `${window.location.origin}${link.path}` : '';

  return (
    <div className="mx-auto max-w-3xl space-y-6 px-4 py-6 sm:px-6 sm:py-10">
      <div>
        <Link
          href="/templates"
          className="inline-flex items-center gap-1 text-sm font-medium text-ink-700 hover:underline"
        >
          <ArrowLeft aria-hidden="true" className="size-4" />
          {t.backToTemplates}
        </Link>
        <p className="mt-3 text-sm font-semibold tracking-wide text-ink-700 uppercase">{t.settingsEyebrow}</p>
        <h1 className="mt-1 text-2xl font-bold tracking-tight break-words text-slate-900 sm:text-3xl">
          {t.settingsTitle(template.name)}
        </h1>
        <p className="mt-2 text-slate-700">{t.settingsIntro}</p>
      </div>

      {link ? (
        <Card className="space-y-4 p-5 sm:p-6">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <h2 className="text-lg font-semibold text-slate-900">{t.linkTitle}</h2>
            <div className="flex items-center gap-2 text-sm text-slate-700">
              <span className="sr-only">{t.stateLabel}:</span>
              <Badge tone={link.state === 'open' ? 'success' : 'warning'}>{t.states[link.state]}</Badge>
              <span>{t.count(link.submissions, link.maxSubmissions)}</span>
            </div>
          </div>
          <div className="flex flex-col gap-2 sm:flex-row">
            <FormField label={t.linkLabel} className="min-w-0 flex-1">
              <Input readOnly value={url} onFocus={(e) => e.currentTarget.select()} />
            </FormField>
            <Button
              type="button"
              variant="secondary"
              className="self-start sm:mt-7"
              onClick={() =>
                void navigator.clipboard
                  .writeText(url)
                  .then(() => toast({ title: t.copied, variant: 'success' }))
                  .catch(() => undefined)
              }
            >
              <Copy aria-hidden="true" className="size-4" />
              {t.copy}
            </Button>
          </div>
          <div className="flex flex-col items-start gap-3 sm:flex-row sm:items-center">
            <img
              src={`/api/templates/${template.id}/link/qr.svg?v=${link.slug}`}
              alt={t.qrAlt}
              width={160}
              height={160}
              className="rounded-lg border border-slate-200 bg-white"
            />
            <a
              href={`/api/templates/${template.id}/link/qr.svg`}
              target="_blank"
              rel="noopener"
              className={buttonClasses('secondary')}
            >
              <QrCode aria-hidden="true" className="size-4" />
              {t.printQr}
            </a>
          </div>
        </Card>
      ) : null}

      <Card className="p-5 sm:p-6">
        {!template.ready ? (
          <Alert tone="info">{t.notReady}</Alert>
        ) : (
          <form
            className="space-y-5"
            noValidate
            onSubmit={(e) => {
              e.preventDefault();
              void submit();
            }}
          >
            <FormField label={t.openRoleLabel} hint={t.openRoleHint} error={errorAt('openRole')}>
              <Select
                value={String(draft.openRole)}
                onChange={(e) => setDraft((d) => ({ ...d, openRole: Number(e.target.value) }))}
              >
                {template.roles.map((r, i) => (
                  <option key={r.name} value={i} disabled={r.role === 'viewer'}>
                    {r.name}
                  </option>
                ))}
              </Select>
            </FormField>

            {template.roles.length > 1 ? (
              <fieldset className="space-y-3">
                <legend className="text-base font-semibold text-slate-900">{t.assigneesTitle}</legend>
                {template.roles.map((r, i) =>
                  i === draft.openRole ? null : (
                    <div key={r.name} className="grid gap-3 sm:grid-cols-2">
                      <FormField label={t.assigneeName(r.name)} error={errorAt(`assignees.${i}.name`)}>
                        <Input
                          autoComplete="off"
                          value={draft.people[i]?.name ?? ''}
                          onChange={(e) => setPerson(i, 'name', e.target.value)}
                        />
                      </FormField>
                      <FormField label={t.assigneeEmail(r.name)} error={errorAt(`assignees.${i}.email`)}>
                        <Input
                          type="email"
                          autoComplete="off"
                          value={draft.people[i]?.email ?? ''}
                          onChange={(e) => setPerson(i, 'email', e.target.value)}
                        />
                      </FormField>
                    </div>
                  ),
                )}
              </fieldset>
            ) : null}

            <div className="grid gap-4 sm:grid-cols-2">
              <FormField label={t.expiresLabel} hint={t.expiresHint} error={errorAt('expiresAt')}>
                <Input
                  type="date"
                  value={draft.until}
                  onChange={(e) => setDraft((d) => ({ ...d, until: e.target.value }))}
                />
              </FormField>
              <FormField label={t.maxLabel} hint={t.maxHint} error={errorAt('maxSubmissions')}>
                <Input
                  type="number"
                  inputMode="numeric"
                  min={1}
                  value={draft.max}
                  onChange={(e) => setDraft((d) => ({ ...d, max: e.target.value.replace(/\D/g, '') }))}
                />
              </FormField>
            </div>

            {link ? (
              <div className="flex items-start gap-3">
                <Switch
                  id="link-paused"
                  checked={draft.paused}
                  aria-describedby="link-paused-hint"
                  onCheckedChange={(paused) => setDraft((d) => ({ ...d, paused }))}
                />
                <div>
                  <Label htmlFor="link-paused">{t.pausedLabel}</Label>
                  <p id="link-paused-hint" className="text-sm text-slate-600">
                    {t.pausedHint}
                  </p>
                </div>
              </div>
            ) : null}

            {error &&
            !error.path?.match(/^(openRole|expiresAt|maxSubmissions|assignees\.\d+\.(name|email))$/) ? (
              <Alert tone="error" role="alert">
                {error.message}
              </Alert>
            ) : null}

            <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap">
              <Button type="submit" disabled={save.isPending}>
                {save.isPending ? <Spinner className="size-4" /> : null}
                {link ? t.save : t.turnOn}
              </Button>
              {link ? (
                <Button type="button" variant="secondary" onClick={() => setConfirmOff(true)}>
                  {t.turnOff}
                </Button>
              ) : null}
            </div>
          </form>
        )}
      </Card>

      {link ? <Submissions templateId={template.id} /> : null}

      <ConfirmDialog
        open={confirmOff}
        onOpenChange={setConfirmOff}
        title={t.turnOffTitle}
        description={t.turnOffBody}
        confirmLabel={t.turnOff}
        cancelLabel={t.cancel}
        onConfirm={() => void turnOff()}
        pending={remove.isPending}
        error={remove.error?.message}
      />
    </div>
  );
}
