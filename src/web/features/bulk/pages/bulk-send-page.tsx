import { Download, Send } from 'lucide-react';
import { useId, useState } from 'react';
import { useLocation, useParams } from 'wouter';
import { BULK_CSV_MAX_BYTES, type BulkPreview } from '#shared/templates/bulk.ts';
import { Alert } from '#web/components/ui/alert.tsx';
import { Button, buttonClasses } from '#web/components/ui/button.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { Label } from '#web/components/ui/label.tsx';
import { LoadingState, Spinner } from '#web/components/ui/spinner.tsx';
import { Table, TableBody, TableCaption, TableHead } from '#web/components/ui/table.tsx';
import { usePageMeta } from '#web/lib/page-meta.ts';
import { usePreviewBulk, useStartBulk, useBulkTemplate } from '../api/bulk.ts';
import { BackToTemplates, MissingPage, parseId } from '../components/bulk-frame.tsx';
import { bulkText as t } from '../messages.ts';

/** /templates/{id}/bulk: choose a CSV file, see every row checked, then send. */
export default function BulkSendPage() {
  const id = parseId(useParams<{ id: string }>().id);
  const template = useBulkTemplate(id);
  usePageMeta(
    template.data
      ? { title: t.pageTitle(template.data.name) }
      : template.isPending
        ? null
        : { title: t.notFound },
  );
  if (id !== null && template.isPending) return <LoadingState label={t.loading} showLabel />;
  if (!template.data || id === null)
    return <MissingPage title={t.notFound} error={template.error?.message} />;
  const tpl = template.data;
  const columns = [
    ...tpl.roles.flatMap((r) => [`${r.name} name`, `${r.name} email`]),
    ...tpl.fields.flatMap((f) => (f.key ? [f.key] : [])),
  ];
  return (
    <div className="mx-auto max-w-5xl space-y-6 px-4 py-8 sm:px-6 sm:py-12">
      <BackToTemplates />
      <div>
        <h1 className="text-2xl font-bold tracking-tight break-words text-slate-900 sm:text-3xl">
          {t.heading}: {tpl.name}
        </h1>
        <p className="mt-2 text-slate-700">{t.lead}</p>
      </div>
      <Card className="space-y-3 p-5">
        <h2 className="text-lg font-semibold text-slate-900">{t.step1}</h2>
        <p className="text-sm text-slate-700">{t.step1Text(columns.map((c) => `“${c}”`).join(', '))}</p>
        <a
          href={`/api/templates/${tpl.id}/bulk/sample.csv`}
          className={buttonClasses('secondary', 'sm')}
          download
        >
          <Download aria-hidden="true" className="size-4" />
          {t.sample}
        </a>
      </Card>
      <CheckAndSend templateId={tpl.id} />
    </div>
  );
}

function CheckAndSend({ templateId }: { templateId: number }) {
  const inputId = useId();
  const [csv, setCsv] = useState<string | null>(null);
  const [local, setLocal] = useState<string | null>(null);
  const preview = usePreviewBulk(templateId);
  const start = useStartBulk(templateId);
  const [, navigate] = useLocation();

  const choose = async (file: File | undefined) => {
    setLocal(null);
    setCsv(null);
    preview.reset();
    start.reset();
    if (!file) return;
    if (file.size > BULK_CSV_MAX_BYTES) return setLocal(t.fileTooLarge);
    const text = await file.text();
    setCsv(text);
    preview.mutate(text);
  };

  const send = async () => {
    if (!csv) return;
    const answer = await start.mutateAsync(csv).catch(() => null);
    if (answer) navigate(`/bulk/${answer.bulk.id}`);
  };

  const result = preview.data;
  const ready = result && result.errorCount === 0;
  return (
    <>
      <Card className="space-y-3 p-5">
        <h2 className="text-lg font-semibold text-slate-900">{t.step2}</h2>
        <div className="space-y-1">
          <Label htmlFor={inputId}>{t.chooseFile}</Label>
          <input
            id={inputId}
            type="file"
            accept=".csv,text/csv"
            aria-describedby={`${inputId}-hint`}
            className="block w-full text-sm text-slate-800 file:mr-3 file:rounded-lg file:border-0 file:bg-ink-50 file:px-3 file:py-2 file:font-medium file:text-ink-800"
            onChange={(e) => void choose(e.target.files?.[0])}
          />
          <p id={`${inputId}-hint`} className="text-xs text-slate-600">
            {t.chooseHint}
          </p>
        </div>
        <div aria-live="polite">
          {preview.isPending ? (
            <p className="flex items-center gap-2 text-sm text-slate-700">
              <Spinner className="size-4" /> {t.checking}
            </p>
          ) : null}
          {local || preview.error ? (
            <Alert tone="error" role="alert">
              {local ?? preview.error?.message}
            </Alert>
          ) : null}
          {result ? <PreviewResult preview={result} /> : null}
        </div>
      </Card>
      {ready ? (
        <Card className="space-y-3 p-5">
          <h2 className="text-lg font-semibold text-slate-900">{t.step3}</h2>
          {start.error ? (
            <Alert tone="error" role="alert">
              {start.error.message}
            </Alert>
          ) : null}
          <Button onClick={() => void send()} disabled={start.isPending}>
            {start.isPending ? (
              <Spinner className="size-4" />
            ) : (
              <Send aria-hidden="true" className="size-4" />
            )}
            {start.isPending ? t.sending : t.send(result.rows)}
          </Button>
        </Card>
      ) : null}
    </>
  );
}

function PreviewResult({ preview }: { preview: BulkPreview }) {
  if (preview.errorCount > 0) {
    const rows = new Set(preview.errors.map((e) => e.row)).size;
    return (
      <div className="space-y-3">
        <Alert tone="error" role="alert">
          {t.errorsTitle(rows, preview.errorCount)}
          {preview.errors.length < preview.errorCount
            ? ` ${t.errorsShown(preview.errors.length, preview.errorCount)}`
            : ''}
        </Alert>
        <Table scrollLabel={t.errorsCaption}>
          <TableCaption>{t.errorsCaption}</TableCaption>
          <TableHead>
            <tr>
              <th scope="col" className="px-4 py-2">
                {t.row}
              </th>
              <th scope="col" className="px-4 py-2">
                {t.column}
              </th>
              <th scope="col" className="px-4 py-2">
                {t.problem}
              </th>
            </tr>
          </TableHead>
          <TableBody>
            {preview.errors.map((e, i) => (
              <tr key={i} className="border-t border-slate-100">
                <td className="px-4 py-2 tabular-nums">{e.row}</td>
                <td className="px-4 py-2">{e.column ?? t.wholeRow}</td>
                <td className="px-4 py-2">{e.message}</td>
              </tr>
            ))}
          </TableBody>
        </Table>
      </div>
    );
  }
  return (
    <div className="space-y-3">
      <p role="status" className="text-sm font-medium text-emerald-800">
        {t.rowsRead(preview.rows)}
      </p>
      <Table scrollLabel={t.sampleCaption}>
        <TableCaption>{t.sampleCaption}</TableCaption>
        <TableHead>
          <tr>
            <th scope="col" className="px-4 py-2">
              {t.row}
            </th>
            <th scope="col" className="px-4 py-2">
              {t.recipients}
            </th>
            <th scope="col" className="px-4 py-2">
              {t.values}
            </th>
          </tr>
        </TableHead>
        <TableBody>
          {preview.sample.map((r, i) => (
            <tr key={i} className="border-t border-slate-100 align-top">
              <td className="px-4 py-2 tabular-nums">{i + 1}</td>
              <td className="px-4 py-2">
                {r.recipients.map((p) => (
                  <div key={p.email}>
                    {p.name} &lt;{p.email}&gt;
                  </div>
                ))}
              </td>
              <td className="px-4 py-2">
                {Object.entries(r.values).map(([k, v]) => (
                  <div key={k}>
                    {k}: {v}
                  </div>
                ))}
              </td>
            </tr>
          ))}
        </TableBody>
      </Table>
    </div>
  );
}
