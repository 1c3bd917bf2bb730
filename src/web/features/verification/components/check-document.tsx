import { FileSearch } from 'lucide-react';
import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { useSearch } from 'wouter';
import type { DocumentVerification } from '#shared/documents/schemas.ts';
import { Alert } from '#web/components/ui/alert.tsx';
import { Card, CardContent, CardHeader } from '#web/components/ui/card.tsx';
import { FileDropZone } from '#web/components/file-drop-zone.tsx';
import { documentCheck } from '../lib/lazy-parts.ts';
import { checkText as t } from '../check-messages.ts';
import { ServerUnreachable } from '#web/features/verification/components/server-unreachable.tsx';
import { rememberStatus } from '#web/features/verification/lib/last-status.ts';
import { isServerAnswer } from '#web/features/verification/lib/lookup-outcome.ts';

type Outcome =
  | { kind: 'busy'; label: string }
  | { kind: 'found'; found: DocumentVerification }
  | { kind: 'none'; message: string }
  | { kind: 'failed'; message: string }
  | { kind: 'unreachable' };

interface Checked {
  file: string | null;
  hash: string | null;
  outcome: Outcome;
}

const failed = (error: unknown): Outcome => ({
  kind: 'failed',
  message: error instanceof Error ? error.message : String(error),
});

/**
 * The server's answer: 404 means "no signed document has this", every other refusal is a failure
 * of the check itself. No answer at all (offline) says nothing of the document.
 */
const settle = (error: unknown): Outcome =>
  !isServerAnswer(error)
    ? { kind: 'unreachable' }
    : error.status === 404
      ? { kind: 'none', message: error.message }
      : failed(error);

/**
 * "Check a document" on the verification page: the browser hashes a chosen PDF and asks whether a
 * signed document (or the original of one) has that SHA-256. A QR code on a signed PDF leads here
 * with ?document={reference}, which is looked up at once.
 */
export function CheckDocument({
  onCheck,
  onSealedLink,
}: {
  onCheck?: () => void;
  /** A document looked up by reference carries its sealed link: the page checks its seal and log entry. */
  onSealedLink?: (link: string) => void;
}) {
  const reference = new URLSearchParams(useSearch()).get('document');
  const [checked, setChecked] = useState<Checked | null>(null);
  const [attempt, setAttempt] = useState(0);
  const resultRef = useRef<HTMLDivElement>(null);
  const busy = checked?.outcome.kind === 'busy';
  const sealedLinkFound = useEffectEvent((link: string) => onSealedLink?.(link));

  useEffect(() => {
    if (!reference) return;
    const controller = new AbortController();
    // A QR code on a signed PDF leads here: bring its answer into view, below the other checks.
    const show = (outcome: Outcome) => {
      setChecked({ file: null, hash: null, outcome });
      requestAnimationFrame(() => {
        resultRef.current?.scrollIntoView({ block: 'center' });
        resultRef.current?.focus({ preventScroll: true });
      });
    };
    documentCheck
      .load()
      .then(({ getDocumentByReference }) => getDocumentByReference(reference, controller.signal))
      .then(
        (found) => {
          rememberStatus(reference, 'valid');
          if (found.sealedLink) sealedLinkFound(found.sealedLink);
          show({ kind: 'found', found });
        },
        (error: unknown) => {
          if (controller.signal.aborted) return;
          const outcome = settle(error);
          if (outcome.kind === 'none') rememberStatus(reference, 'missing');
          show(outcome);
        },
      );
    return () => controller.abort();
  }, [reference, attempt]);

  async function check(file: File | undefined) {
    if (!file || busy) return;
    onCheck?.();
    setChecked({ file: file.name, hash: null, outcome: { kind: 'busy', label: t.hashing } });
    let hash: string;
    let parts: Awaited<ReturnType<typeof documentCheck.load>>;
    try {
      parts = await documentCheck.load();
      hash = await parts.sha256Hex(file);
    } catch (error) {
      setChecked({ file: file.name, hash: null, outcome: failed(error) });
      return;
    }
    setChecked({ file: file.name, hash, outcome: { kind: 'busy', label: t.checking } });
    try {
      const found = await parts.checkDocumentHash(hash);
      setChecked({ file: file.name, hash, outcome: { kind: 'found', found } });
    } catch (error) {
      setChecked({ file: file.name, hash, outcome: settle(error) });
    }
  }

  const outcome = checked?.outcome;
  // Loaded before any answer is set: a result is never shown without them.
  const answers = documentCheck.loaded;
  return (
    <Card id="check-document" className="scroll-mt-20">
      <CardHeader>
        <h2 className="text-lg font-semibold text-slate-900">{t.title}</h2>
        <p className="text-sm text-slate-700">{t.lead}</p>
      </CardHeader>
      <CardContent className="space-y-4">
        <FileDropZone
          icon={FileSearch}
          busy={busy}
          label={outcome?.kind === 'busy' ? outcome.label : t.dropLabel}
          hint={t.dropHint}
          accept="application/pdf,.pdf"
          testId="check-document-input"
          onFile={(file) => void check(file)}
        />
        {checked?.file ? (
          <p className="text-sm break-all text-slate-700">{t.fileLabel(checked.file)}</p>
        ) : null}
        {checked?.hash ? (
          <p className="text-sm text-slate-700">
            {t.fingerprint}: <span className="font-mono text-xs break-all">{checked.hash}</span>
          </p>
        ) : null}
        <div ref={resultRef} tabIndex={-1} className="outline-none">
          {answers && outcome?.kind === 'found' ? <answers.CheckMatch found={outcome.found} /> : null}
          {answers && outcome?.kind === 'none' ? <answers.CheckNoMatch message={outcome.message} /> : null}
          {outcome?.kind === 'unreachable' ? (
            // a chosen file is asked about again by choosing it again
            <ServerUnreachable
              reference={checked?.file ? null : reference}
              onRetry={checked?.file ? undefined : () => setAttempt((n) => n + 1)}
            />
          ) : null}
          {outcome?.kind === 'failed' ? (
            <Alert tone="error" role="alert" title={t.failedTitle}>
              {outcome.message}
            </Alert>
          ) : null}
        </div>
      </CardContent>
    </Card>
  );
}
