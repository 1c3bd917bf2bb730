import { Mail } from 'lucide-react';
import { LoadingState } from '#web/components/ui/spinner.tsx';
import { Alert } from '#web/components/ui/alert.tsx';
import { useResetTemplate } from '#web/features/info/api/get-reset-template.ts';
import { readMail, type MailBlock } from '#web/features/info/lib/read-mail.ts';
import { infoText } from '#web/features/info/messages.ts';

const t = infoText.tempDownload;

function MailLine({ block, first }: { block: MailBlock; first: boolean }) {
  if (first) return <p className="text-base font-bold text-ink-800">{block.text}</p>;
  switch (block.kind) {
    case 'heading':
      return <p className="mt-2 text-xl font-bold text-slate-900">{block.text}</p>;
    case 'button':
      return (
        <p className="mt-4">
          <span className="inline-block rounded-lg bg-ink-700 px-4 py-2 text-sm font-semibold text-white">
            {block.text}
          </span>
        </p>
      );
    case 'link':
      return <p className="mt-2 text-xs break-all text-ink-700 underline">{block.text}</p>;
    default:
      return <p className="mt-3 text-sm leading-6 text-slate-700">{block.text}</p>;
  }
}

/** The downloaded file's text, shown as an e-mail would read, and its source for those adapting it. */
export function MailPreview() {
  const template = useResetTemplate();
  if (template.isPending) return <LoadingState label={t.previewLoading} showLabel />;
  if (template.isError || typeof template.data !== 'string') {
    return <Alert tone="error" role="alert" title={t.previewError} />;
  }
  const mail = readMail(template.data);
  const kb = (new Blob([template.data]).size / 1024).toFixed(1);
  return (
    <div className="space-y-4">
      <div className="overflow-hidden rounded-2xl border border-slate-200 bg-slate-100 shadow-sm">
        <div className="flex items-center gap-2 border-b border-slate-200 bg-white px-4 py-3 text-sm">
          <Mail aria-hidden="true" className="size-4 text-slate-600" />
          <span className="text-slate-600">{t.previewSubject}:</span>
          <span className="font-semibold text-slate-900" data-testid="mail-subject">
            {mail.subject}
          </span>
        </div>
        <div className="p-4 sm:p-8">
          <div className="mx-auto max-w-lg rounded-xl bg-white p-6 shadow-sm">
            {mail.blocks.map((block, index) => (
              <MailLine key={`${index}-${block.text.slice(0, 12)}`} block={block} first={index === 0} />
            ))}
          </div>
        </div>
      </div>
      <p className="text-sm text-slate-600">{t.size(kb)}</p>
      <details className="rounded-xl border border-slate-200 bg-white">
        <summary className="cursor-pointer rounded-xl px-4 py-3 text-sm font-semibold text-slate-900">
          {t.sourceTitle}
        </summary>
        <pre className="max-h-80 overflow-auto border-t border-slate-200 bg-slate-50 p-4 text-xs leading-5 whitespace-pre-wrap text-slate-800">
          {template.data}
        </pre>
      </details>
    </div>
  );
}
