import type { PDFDocumentProxy } from 'pdfjs-dist';
import { useRef, useState, type MouseEvent, type ReactNode } from 'react';
import { fieldTypeLabels } from '#shared/requests/messages.ts';
import { fieldTypes, type FieldType } from '#shared/requests/schemas.ts';
import { PageNav } from '#web/components/pdf/page-nav.tsx';
import { PdfPageStage } from '#web/components/pdf/pdf-page-stage.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { Checkbox } from '#web/components/ui/checkbox.tsx';
import { Label } from '#web/components/ui/label.tsx';
import { usePageSize } from '#web/lib/pdf/use-page-size.ts';
import { cn } from '#web/lib/cn.ts';
import { recipientColour } from './colours.ts';
import { FieldBox } from './field-box.tsx';
import { moveField, newField, resizeField, type DraftField, type Party } from './fields.ts';
import { fieldsText } from './texts.ts';

interface FieldPlacementProps {
  pdf: PDFDocumentProxy;
  recipients: Party[];
  fields: DraftField[];
  onFields: (update: (fields: DraftField[]) => DraftField[]) => void;
  /** What fills fields: a request's 'recipient' (by default) or a template's 'role'. */
  party?: string;
  /** More settings of the selected field (a template's text field has a key and a default value). */
  selectedExtra?: (field: DraftField) => ReactNode;
}

/** Each recipient's (or role's) fields on the pages, in their colour. */
export function FieldPlacement(props: FieldPlacementProps) {
  const { pdf, recipients, fields, onFields } = props;
  const t = fieldsText;
  const party = props.party ?? 'recipient';
  const [page, setPage] = useState(1);
  const pageSize = usePageSize(pdf, page);
  const firstActor = recipients.find((r) => r.role !== 'viewer') ?? recipients[0]!;
  const [activeKey, setActiveKey] = useState(firstActor.key);
  const [selectedKey, setSelectedKey] = useState<string | null>(null);
  const [focusKey, setFocusKey] = useState<string | null>(null);
  // The field type chosen to be placed by a tap (or click) on the page.
  const [chosen, setChosen] = useState<FieldType | null>(null);
  const stage = useRef<HTMLDivElement>(null);
  const active = recipients.find((r) => r.key === activeKey) ?? firstActor;
  const index = new Map(recipients.map((r, i) => [r.key, i]));
  const selected = fields.find((f) => f.key === selectedKey) ?? null;
  const total = pdf.numPages;

  const change = (key: string, fn: (f: DraftField) => DraftField) =>
    onFields((list) => list.map((f) => (f.key === key ? fn(f) : f)));
  const add = (type: FieldType, at?: { x: number; y: number }) => {
    if (!pageSize) return;
    const field = newField(fields, active.key, type, page, pageSize, at);
    onFields((list) => [...list, field]);
    setSelectedKey(field.key);
    setFocusKey(field.key);
    setChosen(null);
  };
  // From the keyboard (a click without a pointer, detail 0) the field comes at once, in the middle
  // of the page, where the arrow keys take it; a tap or click chooses it for a tap on the page.
  const choose = (type: FieldType, event: MouseEvent) => {
    if (event.detail === 0) return add(type);
    setChosen((was) => (was === type ? null : type));
    stage.current?.scrollIntoView({ block: 'nearest' });
  };
  const placeAt = (type: FieldType, scale: number, event: MouseEvent<HTMLElement>) => {
    if (event.detail === 0) return add(type);
    const box = event.currentTarget.getBoundingClientRect();
    add(type, { x: (event.clientX - box.left) / scale, y: (event.clientY - box.top) / scale });
  };
  const placing = active.role === 'viewer' ? null : chosen;
  const remove = (key: string) => {
    onFields((list) => list.filter((f) => f.key !== key));
    if (selectedKey === key) setSelectedKey(null);
  };

  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
      <Card className="min-w-0 overflow-hidden">
        <div className="flex flex-wrap items-center justify-between gap-3 border-b border-slate-200 p-4">
          <h2 className="text-lg font-semibold text-slate-900">{t.placeTitle}</h2>
          <PageNav
            page={page}
            total={total}
            onPage={setPage}
            previousLabel={t.previousPage}
            nextLabel={t.nextPage}
            testId="placement-page"
          />
        </div>
        <p className="px-4 pt-3 text-sm text-slate-700">{t.placeHint(party)}</p>
        <p role="status" className="sr-only">
          {placing ? t.tapToPlace(fieldTypeLabels[placing]) : ''}
        </p>
        {/* room for the buttons beside a field at the page's edge, and for the tap hint above it */}
        <div ref={stage} className="m-6 scroll-mt-20">
          <PdfPageStage
            doc={pdf}
            page={page}
            pageSize={pageSize}
            label={t.pageImage(page, total)}
            loadingLabel={t.loadingPage}
            testId="placement-stage"
          >
            {(scale) => [
              placing ? (
                <button
                  key="place"
                  type="button"
                  aria-label={t.placeOnPage(fieldTypeLabels[placing], page)}
                  data-testid="placement-target"
                  className="absolute inset-0 cursor-crosshair bg-ink-600/5 outline-2 outline-offset-2 outline-ink-600 outline-dashed"
                  onClick={(event) => placeAt(placing, scale, event)}
                >
                  <span
                    aria-hidden="true"
                    className="absolute bottom-full left-1/2 mb-1 w-max max-w-full -translate-x-1/2 rounded-full bg-ink-800 px-3 py-0.5 text-xs font-medium text-white shadow"
                  >
                    {t.tapToPlace(fieldTypeLabels[placing])}
                  </span>
                </button>
              ) : null,
              ...fields
                .filter((f) => f.page === page && index.has(f.recipientKey))
                .map((f) => {
                  const i = index.get(f.recipientKey)!;
                  return (
                    <FieldBox
                      key={f.key}
                      field={f}
                      recipientIndex={i}
                      recipientName={recipients[i]!.label}
                      scale={scale}
                      selected={f.key === selectedKey}
                      takeFocus={f.key === focusKey}
                      onMove={(x, y) => change(f.key, (g) => moveField(g, x, y))}
                      onResize={(w, h) => change(f.key, (g) => resizeField(g, w, h))}
                      onRemove={() => remove(f.key)}
                      onSelect={() => setSelectedKey(f.key)}
                      party={party}
                    />
                  );
                }),
            ]}
          </PdfPageStage>
        </div>
      </Card>
      <Card className="h-fit space-y-5 p-5">
        <fieldset className="space-y-2">
          <legend className="text-base font-semibold text-slate-900">{t.forRecipient}</legend>
          {recipients.map((r, i) => {
            const n = fields.filter((f) => f.recipientKey === r.key).length;
            return (
              <label
                key={r.key}
                className={cn(
                  'flex cursor-pointer items-center gap-3 rounded-lg border p-2 text-sm',
                  r.key === active.key ? 'border-slate-900 bg-slate-50' : 'border-slate-200',
                )}
              >
                <input
                  type="radio"
                  name="field-recipient"
                  checked={r.key === active.key}
                  onChange={() => setActiveKey(r.key)}
                  className="size-4 accent-ink-700"
                />
                <span
                  aria-hidden="true"
                  className="grid size-6 shrink-0 place-items-center rounded text-xs font-bold text-white"
                  style={{ backgroundColor: recipientColour(i) }}
                >
                  {i + 1}
                </span>
                <span className="min-w-0">
                  <span className="block truncate font-medium text-slate-900">{t.fieldsOf(r.label, n)}</span>
                  <span className="text-slate-600">{t.rolesShort[r.role]}</span>
                </span>
              </label>
            );
          })}
        </fieldset>
        <div className="space-y-2">
          <h3 className="text-base font-semibold text-slate-900">{t.addFieldsLabel}</h3>
          {active.role === 'viewer' ? (
            <p className="text-sm text-slate-700">{t.viewerNoFields}</p>
          ) : (
            <div className="grid grid-cols-2 gap-2">
              {fieldTypes.map((type) => (
                <Button
                  key={type}
                  variant={placing === type ? 'primary' : 'secondary'}
                  size="sm"
                  aria-pressed={placing === type}
                  disabled={!pageSize}
                  onClick={(event) => choose(type, event)}
                >
                  {t.addField(fieldTypeLabels[type])}
                </Button>
              ))}
            </div>
          )}
        </div>
        <div className="space-y-2">
          <h3 className="text-base font-semibold text-slate-900">{t.selectedField}</h3>
          {selected ? (
            <SelectedField
              field={selected}
              who={recipients[index.get(selected.recipientKey) ?? 0]!.label}
              onRequired={(required) => change(selected.key, (f) => ({ ...f, required }))}
              onRemove={() => remove(selected.key)}
            >
              {props.selectedExtra?.(selected)}
            </SelectedField>
          ) : (
            <p className="text-sm text-slate-700">{t.noFieldSelected}</p>
          )}
        </div>
      </Card>
    </div>
  );
}

function SelectedField(props: {
  field: DraftField;
  who: string;
  onRequired: (required: boolean) => void;
  onRemove: () => void;
  children?: ReactNode;
}) {
  const t = fieldsText;
  const id = `required-${props.field.key}`;
  const type = fieldTypeLabels[props.field.type];
  return (
    <div className="space-y-3 text-sm">
      <p className="text-slate-800">
        {type} · {props.who} · {t.pageN(props.field.page)}
      </p>
      <div className="flex items-center gap-2">
        <Checkbox
          id={id}
          checked={props.field.required}
          onCheckedChange={(v) => props.onRequired(v === true)}
        />
        <Label htmlFor={id}>{t.requiredLabel}</Label>
      </div>
      {props.children}
      <Button variant="secondary" size="sm" onClick={props.onRemove}>
        {t.removeField(type, props.who)}
      </Button>
    </div>
  );
}
