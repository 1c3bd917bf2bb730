import { auditEventLabels } from '#shared/requests/messages.ts';
import type { AuditEvent } from '#shared/requests/schemas.ts';
import { requestText as t } from '#web/features/documents/request-messages.ts';

/** The request's events, oldest first, as the audit page of the sealed PDF lists them. */
export function AuditTrail({ events }: { events: AuditEvent[] }) {
  return (
    <section aria-labelledby="audit-title" className="space-y-2">
      <h3 id="audit-title" className="text-base font-semibold text-slate-900">
        {t.auditTitle}
      </h3>
      <p className="text-sm text-slate-600">{t.auditHint}</p>
      {events.length === 0 ? (
        <p className="text-sm text-slate-700">{t.auditEmpty}</p>
      ) : (
        <ol
          className="divide-y divide-slate-200 rounded-lg border border-slate-200"
          data-testid="audit-trail"
        >
          {events.map((e) => (
            <li key={e.id} className="grid gap-0.5 px-3 py-2 text-sm sm:grid-cols-[11rem_1fr]">
              <time dateTime={e.at} className="text-slate-600 tabular-nums">
                {t.utc(e.at)}
              </time>
              <div className="min-w-0">
                <p className="font-medium text-slate-900">{auditEventLabels[e.kind] ?? e.kind}</p>
                <p className="break-words text-slate-700">
                  {e.actor}
                  {e.ip ? ` · ${t.ip(e.ip)}` : ''}
                </p>
                {e.detail ? <p className="break-words text-slate-600">{e.detail}</p> : null}
              </div>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
