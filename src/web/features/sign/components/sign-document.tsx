import { ArrowRight, CircleX, PenLine } from 'lucide-react';
import type { PDFDocumentProxy } from 'pdfjs-dist';
import { useEffect, useRef, useState } from 'react';
import type { CompleteResponse, RecipientField, SigningView } from '#shared/requests/schemas.ts';
import { PageNav } from '#web/components/pdf/page-nav.tsx';
import { PdfPageStage } from '#web/components/pdf/pdf-page-stage.tsx';
import { Alert } from '#web/components/ui/alert.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { LoadingState, Spinner } from '#web/components/ui/spinner.tsx';
import { usePageSize } from '#web/lib/pdf/use-page-size.ts';
import { usePdfDocument } from '#web/lib/pdf/use-pdf-document.ts';
import { useComplete } from '../api/complete.ts';
import { useDecline } from '../api/decline.ts';
import {
  fillable,
  givenValues,
  missingRequired,
  nextField,
  toCompleteBody,
  utcDay,
  type Values,
} from '../lib/values.ts';
import { signText as t } from '../messages.ts';
import { DeclineDialog } from './decline-dialog.tsx';
import { FieldOverlay } from './field-overlay.tsx';
import { SignatureDialog } from './signature-dialog.tsx';
import { TextDialog } from './text-dialog.tsx';

export type Outcome = { kind: 'completed'; answer: CompleteResponse } | { kind: 'declined'; message: string };

interface SignDocumentProps {
  token: string;
  view: SigningView;
  onOutcome: (outcome: Outcome) => void;
}

/** The document with the recipient's fields: fill them in, then Finish (or Decline). */
export function SignDocument({ token, view, onOutcome }: SignDocumentProps) {
  const pdf = usePdfDocument(view.fileUrl!);
  if (pdf.status === 'loading') return <LoadingState label={t.loadingDocument} showLabel />;
  if (pdf.status === 'error')
    return (
      <Alert tone="error" role="alert" className="mt-6">
        {pdf.error}
      </Alert>
    );
  return <Workbench token={token} view={view} pdf={pdf.doc} onOutcome={onOutcome} />;
}

function Workbench({ token, view, pdf, onOutcome }: SignDocumentProps & { pdf: PDFDocumentProxy }) {
  const fields = view.fields;
  const [page, setPage] = useState(() => fillable(fields)[0]?.page ?? 1);
  const pageSize = usePageSize(pdf, page);
  const [values, setValues] = useState<Values>(() => givenValues(fields));
  const [currentId, setCurrentId] = useState<number | null>(null);
  const [editing, setEditing] = useState<RecipientField | null>(null);
  const [declining, setDeclining] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const focusId = useRef<number | null>(null);
  const buttons = useRef(new Map<number, HTMLButtonElement | null>());
  const complete = useComplete(token);
  const decline = useDecline(token);
  const missing = missingRequired(fields, values);
  const requiredCount = fillable(fields).filter((f) => f.required).length;
  const onThisPage = fields.filter((f) => f.page === page);
  const approver = view.recipient.role === 'approver';

  // After "Next field" turns the page, the field takes the focus once it is drawn.
  useEffect(() => {
    if (focusId.current === null) return;
    const el = buttons.current.get(focusId.current);
    if (el) {
      el.focus();
      el.scrollIntoView({ block: 'center', behavior: 'smooth' });
      focusId.current = null;
    }
  });

  const goNext = () => {
    const next = nextField(fields, values, currentId);
    if (!next) return;
    setCurrentId(next.id);
    setPage(next.page);
    focusId.current = next.id;
  };

  const open = (f: RecipientField) => {
    setCurrentId(f.id);
    if (f.type === 'signature' || f.type === 'initials' || f.type === 'text') setEditing(f);
  };

  const finish = async () => {
    setFailure(null);
    try {
      const answer = await complete.mutateAsync(toCompleteBody(fields, values));
      onOutcome({ kind: 'completed', answer });
    } catch (error) {
      setFailure(error instanceof Error ? error.message : String(error));
    }
  };

  const serverText = (f: RecipientField) =>
    f.type === 'name' ? view.recipient.name : f.type === 'date' ? utcDay() : (f.prefill ?? '');
  const textValue =
    editing && values[editing.id]?.kind === 'text' ? (values[editing.id] as { text: string }).text : '';

  return (
    <div className="mt-6 space-y-4">
      <div className="sticky top-0 z-20 -mx-4 flex flex-wrap items-center justify-between gap-2 border-b border-slate-200 bg-white/95 px-4 py-3 sm:mx-0 sm:rounded-xl sm:border">
        <p role="status" className="text-sm font-medium text-slate-800" data-testid="sign-progress">
          {t.progress(requiredCount - missing.length, requiredCount)}
        </p>
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" size="sm" onClick={goNext} disabled={fillable(fields).length === 0}>
            <ArrowRight aria-hidden="true" className="size-4" />
            {t.nextField}
          </Button>
          <Button
            size="sm"
            disabled={missing.length > 0 || complete.isPending}
            aria-describedby="finish-hint"
            onClick={() => void finish()}
          >
            {complete.isPending ? (
              <Spinner className="size-4" />
            ) : (
              <PenLine aria-hidden="true" className="size-4" />
            )}
            {complete.isPending ? t.finishing : approver ? t.approve : t.finish}
          </Button>
        </div>
        <p id="finish-hint" className={missing.length > 0 ? 'w-full text-xs text-slate-600' : 'sr-only'}>
          {missing.length > 0 ? t.finishHint : ''}
        </p>
      </div>
      {failure ? (
        <Alert tone="error" role="alert">
          {failure}
        </Alert>
      ) : null}
      <Card className="min-w-0 overflow-hidden">
        <div className="flex flex-wrap items-center justify-between gap-3 border-b border-slate-200 p-3">
          <p className="text-sm text-slate-700">
            {onThisPage.length ? t.fieldsOnPage(onThisPage.length) : t.noFieldsHere}
          </p>
          <PageNav
            page={page}
            total={pdf.numPages}
            onPage={setPage}
            previousLabel={t.previousPage}
            nextLabel={t.nextPage}
            testId="sign-page-number"
          />
        </div>
        <div className="p-2 sm:p-4">
          <PdfPageStage
            doc={pdf}
            page={page}
            pageSize={pageSize}
            label={t.pageImage(page, pdf.numPages)}
            loadingLabel={t.loadingPage}
            testId="sign-stage"
          >
            {(scale) =>
              onThisPage.map((f) => (
                <FieldOverlay
                  key={f.id}
                  field={f}
                  value={values[f.id]}
                  scale={scale}
                  current={f.id === currentId}
                  serverText={serverText(f)}
                  buttonRef={(el) => {
                    buttons.current.set(f.id, el);
                  }}
                  onOpen={() => open(f)}
                  onToggle={(checked) => {
                    setCurrentId(f.id);
                    setValues((v) => ({ ...v, [f.id]: { kind: 'checkbox', checked } }));
                  }}
                />
              ))
            }
          </PdfPageStage>
        </div>
      </Card>
      <div className="flex justify-end">
        <Button variant="ghost" onClick={() => setDeclining(true)}>
          <CircleX aria-hidden="true" className="size-4" />
          {t.decline}
        </Button>
      </div>
      <SignatureDialog
        field={editing && (editing.type === 'signature' || editing.type === 'initials') ? editing : null}
        recipientName={view.recipient.name}
        savedAllowed={view.savedSignaturesAllowed}
        onClose={() => setEditing(null)}
        onApply={(f, value) => {
          setValues((v) => ({ ...v, [f.id]: value }));
          setEditing(null);
        }}
      />
      <TextDialog
        field={editing?.type === 'text' ? editing : null}
        initial={textValue}
        onClose={() => setEditing(null)}
        onApply={(f, text) => {
          setValues((v) => ({ ...v, [f.id]: { kind: 'text', text } }));
          setEditing(null);
        }}
      />
      <DeclineDialog
        open={declining}
        pending={decline.isPending}
        error={decline.error?.message}
        onOpenChange={setDeclining}
        onDecline={async (reason) => {
          try {
            const answer = await decline.mutateAsync(reason);
            onOutcome({ kind: 'declined', message: answer.message });
          } catch {
            // shown in the dialog
          }
        }}
      />
    </div>
  );
}
