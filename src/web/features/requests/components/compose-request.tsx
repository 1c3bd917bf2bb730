import { Send } from 'lucide-react';
import { useState } from 'react';
import { ExpiryDateField } from '#web/components/fields/expiry-date-field.tsx';
import { FieldPlacement } from '#web/components/fields/field-placement.tsx';
import { ProblemsAlert } from '#web/components/fields/problems-alert.tsx';
import { RequestOptions } from '#web/components/fields/request-options.tsx';
import { useLocation } from 'wouter';
import { requestMessages as m } from '#shared/requests/messages.ts';
import { Alert } from '#web/components/ui/alert.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { LoadingState, Spinner } from '#web/components/ui/spinner.tsx';
import { ApiError } from '#web/lib/api.ts';
import { focusFirstInvalid } from '#web/lib/focus-first-invalid.ts';
import { usePdfDocument } from '#web/lib/pdf/use-pdf-document.ts';
import { toast } from '#web/lib/toast.ts';
import { useCreateRequest } from '../api/create-request.ts';
import {
  checkCompose,
  displayName,
  checkFields,
  newDraft,
  serverIssues,
  toCreateBody,
  type Draft,
  type Issues,
} from '../lib/draft.ts';
import { composeText as t } from '../messages.ts';
import { RecipientsEditor } from './recipients-editor.tsx';

type Step = 'compose' | 'place';

const hasComposeIssue = (issues: Issues) => Object.keys(issues).some((k) => k !== 'fields' && k !== 'form');

/** The two steps: recipients and options, then fields; the server's refusals land on their fields. */
export function ComposeRequest({ documentId }: { documentId: number }) {
  const [, navigate] = useLocation();
  const [draft, setDraft] = useState<Draft>(() => newDraft());
  const [step, setStep] = useState<Step>('compose');
  const [issues, setIssues] = useState<Issues>({});
  const [now] = useState(() => Date.now());
  const [problems, setProblems] = useState<string[]>([]);
  const create = useCreateRequest(documentId);
  const pdf = usePdfDocument(`/api/documents/${documentId}/file`);

  const patch = (p: Partial<Draft>) => setDraft((d) => ({ ...d, ...p }));

  const toFields = () => {
    const found = checkCompose(draft);
    setIssues(found);
    if (Object.keys(found).length > 0) {
      focusFirstInvalid();
      return;
    }
    setStep('place');
    window.scrollTo({ top: 0 });
  };

  const send = async () => {
    const fieldProblems = checkFields(draft);
    setProblems(fieldProblems);
    if (fieldProblems.length > 0) return;
    try {
      await create.mutateAsync(toCreateBody(draft));
      toast({ title: t.sentTitle, description: m.sent, variant: 'success' });
      navigate(`/documents/${documentId}`);
    } catch (error) {
      const message = error instanceof Error && error.message ? error.message : t.sendFailed;
      const found =
        error instanceof ApiError && error.status === 400
          ? serverIssues(error.data, message)
          : { form: message };
      setIssues(found);
      setProblems([found.fields, found.form].filter((s): s is string => !!s));
      // A refusal about a recipient or an option is shown where it can be fixed.
      if (hasComposeIssue(found)) {
        setStep('compose');
        focusFirstInvalid();
      }
    }
  };

  const composeErrors = hasComposeIssue(issues);
  return (
    <div className="mt-6 space-y-6">
      <ol aria-label={t.stepsLabel} className="flex flex-wrap gap-2 text-sm">
        {(
          [
            ['compose', t.stepRecipients],
            ['place', t.stepFields],
          ] as const
        ).map(([s, label]) => (
          <li
            key={s}
            aria-current={step === s ? 'step' : undefined}
            className={
              step === s
                ? 'rounded-full bg-ink-700 px-3 py-1 font-medium text-white'
                : 'rounded-full bg-slate-100 px-3 py-1 text-slate-700'
            }
          >
            {label}
          </li>
        ))}
      </ol>
      {step === 'compose' ? (
        <Card className="space-y-8 p-5 sm:p-6">
          {composeErrors && issues.form ? (
            <Alert tone="error" role="alert">
              {issues.form}
            </Alert>
          ) : null}
          <RecipientsEditor
            recipients={draft.recipients}
            issues={issues}
            onChange={(recipients) => patch({ recipients })}
          />
          <RequestOptions
            draft={draft}
            issues={issues}
            onChange={patch}
            expiry={
              <ExpiryDateField
                label={t.expiryLabel}
                hint={t.expiryHint}
                error={issues.expiresAt}
                value={draft.expiryDate}
                now={now}
                onChange={(expiryDate) => patch({ expiryDate })}
              />
            }
          />
          <div className="flex flex-col gap-3 border-t border-slate-200 pt-5 sm:flex-row sm:items-center sm:justify-between">
            {composeErrors ? <p className="text-sm font-medium text-red-700">{t.fixFirst}</p> : <span />}
            <Button size="lg" onClick={toFields}>
              {t.next}
            </Button>
          </div>
        </Card>
      ) : (
        <>
          <ProblemsAlert title={t.sendFailed} problems={problems} />
          {pdf.status === 'loading' ? <LoadingState label={t.loadingDocument} showLabel /> : null}
          {pdf.status === 'error' ? (
            <Alert tone="error" role="alert">
              {pdf.error}
            </Alert>
          ) : null}
          {pdf.status === 'ready' ? (
            <FieldPlacement
              pdf={pdf.doc}
              recipients={draft.recipients.map((r) => ({ key: r.key, label: displayName(r), role: r.role }))}
              fields={draft.fields}
              onFields={(update) => {
                setProblems([]);
                setDraft((d) => ({ ...d, fields: update(d.fields) }));
              }}
            />
          ) : null}
          <div className="flex flex-col-reverse gap-3 sm:flex-row sm:items-center sm:justify-between">
            <Button variant="secondary" onClick={() => setStep('compose')}>
              {t.backToRecipients}
            </Button>
            <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
              <p role="status" className="text-sm text-slate-700">
                {t.summary(draft.fields.length)}
              </p>
              <Button size="lg" disabled={create.isPending} onClick={() => void send()}>
                {create.isPending ? (
                  <Spinner className="size-4" />
                ) : (
                  <Send aria-hidden="true" className="size-4" />
                )}
                {create.isPending ? t.sending : t.send}
              </Button>
            </div>
          </div>
        </>
      )}
    </div>
  );
}
