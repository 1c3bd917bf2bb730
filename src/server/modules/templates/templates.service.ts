import type { Transaction } from 'kysely';
import { z } from 'zod';
import { requestMessages } from '#shared/requests/messages.ts';
import {
  createRequestSchema,
  TEXT_FIELD_MAX,
  type CreateRequestBody,
  type SigningRequest,
} from '#shared/requests/schemas.ts';
import type { Template, TemplateListResponse } from '#shared/templates/answers.ts';
import { templateMessages as m } from '#shared/templates/messages.ts';
import {
  checkTemplate,
  missingForUse,
  TEMPLATE_DEFAULTS,
  templateSettingsShape,
  type TemplateSettings,
  type UseTemplateBody,
} from '#shared/templates/schemas.ts';
import type { Db } from '#server/db/kysely.ts';
import type { Database, DocumentRow, TemplatesTable, UserRow } from '#server/db/schema.ts';
import { iso, type Clock } from '#server/lib/clock.ts';
import type { Selectable } from 'kysely';
import { contains } from '../admin/like.ts';
import type { DocumentsService, OverQuota } from '../documents/documents.service.ts';
import type { Refusal } from '../pdf/jobs.ts';
import type { Actor } from '../requests/audit.ts';
import { createRequest, type CreateOutcome } from '../requests/compose.ts';
import type { RequestsService } from '../requests/requests.service.ts';
import type { EventSink } from '../webhooks/events.service.ts';

type TemplateRow = Selectable<TemplatesTable>;
const DAY_MS = 24 * 60 * 60 * 1000;

/** A whole template's settings, checked as one (a change of one part must keep the others valid). */
const wholeTemplate = templateSettingsShape.superRefine(checkTemplate);

export type TemplateOutcome =
  | { kind: 'ok'; template: Template }
  | { kind: 'missing' }
  | { kind: 'invalid'; message: string; path?: (string | number)[] }
  | OverQuota;

export type UseOutcome =
  | { kind: 'ok'; request: SigningRequest }
  | { kind: 'missing' }
  | { kind: 'file-missing' }
  | { kind: 'not-ready'; message: string }
  | { kind: 'invalid'; message: string; path?: (string | number)[] }
  | OverQuota
  | Exclude<CreateOutcome, { kind: 'ok' | 'missing' | 'invalid' }>;

/**
 * Templates: a file kept apart (a document whose purpose is 'template'), roles and their fields,
 * and a request's defaults. Every call filters by owner: another's id reads as absent. Each use
 * copies the file into a new document and sends an ordinary signing request on it.
 */
export class TemplatesService {
  constructor(
    private readonly deps: {
      db: Db;
      clock: Clock;
      documents: DocumentsService;
      requests: RequestsService;
      events: EventSink;
      /** The storage quota of a user without their own (admin-set, read at each call). */
      defaultQuota: () => number;
    },
  ) {}

  private get db() {
    return this.deps.db;
  }

  /** A new template's row and its (empty) roles and fields, in the transaction keeping its file. */
  private async insert(
    trx: Transaction<Database>,
    userId: number,
    doc: DocumentRow,
    settings: TemplateSettings,
  ): Promise<number> {
    const at = iso(this.deps.clock.now());
    const row = await trx
      .insertInto('templates')
      .values({
        user_id: userId,
        document_id: doc.id,
        ...columnsOf(settings),
        created_at: at,
        updated_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await this.writeParts(trx, row.id, settings);
    return row.id;
  }

  private async writeParts(trx: Transaction<Database>, templateId: number, s: TemplateSettings) {
    await trx.deleteFrom('template_roles').where('template_id', '=', templateId).execute();
    await trx.deleteFrom('template_fields').where('template_id', '=', templateId).execute();
    if (s.roles.length > 0)
      await trx
        .insertInto('template_roles')
        .values(
          s.roles.map((r, position) => ({ template_id: templateId, position, name: r.name, role: r.role })),
        )
        .execute();
    if (s.fields.length > 0)
      await trx
        .insertInto('template_fields')
        .values(
          s.fields.map((f, position) => ({
            template_id: templateId,
            position,
            role_position: f.role,
            type: f.type,
            page: f.page,
            ...f.rect,
            required: f.required ? 1 : 0,
            field_key: f.key,
            default_value: f.defaultValue,
            editable: f.editable ? 1 : 0,
          })),
        )
        .execute();
  }

  /** From an uploaded PDF: checked as a document's upload is, kept with the template in one transaction. */
  async fromUpload(
    user: UserRow,
    input: { name: string; filename: string; bytes: Buffer },
  ): Promise<{ kind: 'ok'; template: Template } | Refusal | OverQuota> {
    const stored = await this.deps.documents.uploadAs(
      user,
      input,
      this.deps.defaultQuota(),
      'template',
      (trx, doc) => this.insert(trx, user.id, doc, { name: input.name, ...TEMPLATE_DEFAULTS }),
    );
    if (stored.kind !== 'ok') return stored;
    return { kind: 'ok', template: (await this.get(user.id, stored.kept))! };
  }

  /**
   * From one of the user's documents (its original: what was uploaded, never a signed copy), with
   * settings given or the defaults. The document stays as it is.
   */
  async fromDocument(
    userId: number,
    documentId: number,
    settings: Partial<TemplateSettings>,
  ): Promise<TemplateOutcome> {
    const source = await this.deps.documents.row(userId, documentId);
    if (!source) return { kind: 'missing' };
    const whole = wholeTemplate.safeParse({ ...TEMPLATE_DEFAULTS, name: source.name, ...settings });
    if (!whole.success) return firstIssue(whole.error);
    const fits = await this.fitPages(source.page_count, whole.data);
    if (fits) return fits;
    const copied = await this.deps.documents.copy(
      userId,
      source.id,
      { name: whole.data.name, purpose: 'template' },
      this.deps.defaultQuota(),
      (trx, doc) => this.insert(trx, userId, doc, whole.data),
    );
    if (copied.kind !== 'ok') return copied;
    return { kind: 'ok', template: (await this.get(userId, copied.kept))! };
  }

  /** Fields on pages the file has (their place on the page is checked again at each use). */
  private async fitPages(pageCount: number, s: Pick<TemplateSettings, 'fields'>) {
    for (const [i, f] of s.fields.entries())
      if (f.page > pageCount)
        return {
          kind: 'invalid' as const,
          message: requestMessages.fieldPageMissing(f.page, pageCount),
          path: ['fields', i, 'page'],
        };
    return null;
  }

  private row(userId: number, id: number) {
    return this.db
      .selectFrom('templates')
      .selectAll()
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .executeTakeFirst();
  }

  /** The template's row (its file's document) and the template as answered, read once. */
  private async loaded(userId: number, id: number) {
    const row = await this.row(userId, id);
    return row ? { row, template: (await this.views([row]))[0]! } : null;
  }

  async get(userId: number, id: number): Promise<Template | null> {
    return (await this.loaded(userId, id))?.template ?? null;
  }

  /** GET /api/templates: the user's templates, last changed first, by name when searched. */
  async list(
    userId: number,
    q: { q?: string | undefined; page: number; pageSize: number },
  ): Promise<TemplateListResponse> {
    let base = this.db.selectFrom('templates').where('user_id', '=', userId);
    if (q.q) base = base.where(contains('name', q.q));
    const [rows, count] = await Promise.all([
      base
        .selectAll()
        .orderBy('updated_at', 'desc')
        .orderBy('id', 'desc')
        .limit(q.pageSize)
        .offset((q.page - 1) * q.pageSize)
        .execute(),
      base.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow(),
    ]);
    // Whole templates: the answer's schema keeps a summary's fields.
    return { items: await this.views(rows), total: Number(count.n) };
  }

  /** One page of a user's templates after the cursor's (the public API's paging), newest first. */
  async page(userId: number, after: { at: string; id: number } | null, limit: number): Promise<Template[]> {
    let q = this.db.selectFrom('templates').selectAll().where('user_id', '=', userId);
    if (after) q = q.where((eb) => eb(eb.refTuple('created_at', 'id'), '<', eb.tuple(after.at, after.id)));
    const rows = await q
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit + 1)
      .execute();
    return this.views(rows);
  }

  private async views(rows: TemplateRow[]): Promise<Template[]> {
    if (rows.length === 0) return [];
    const ids = rows.map((r) => r.id);
    const docIds = rows.flatMap((r) => (r.document_id === null ? [] : [r.document_id]));
    const [roles, fields, docs] = await Promise.all([
      this.db
        .selectFrom('template_roles')
        .selectAll()
        .where('template_id', 'in', ids)
        .orderBy('position')
        .execute(),
      this.db
        .selectFrom('template_fields')
        .selectAll()
        .where('template_id', 'in', ids)
        .orderBy('position')
        .execute(),
      docIds.length === 0
        ? Promise.resolve([])
        : this.db
            .selectFrom('documents')
            .innerJoin('files', (j) =>
              j.onRef('files.document_id', '=', 'documents.id').on('files.kind', '=', 'original'),
            )
            .select(['documents.id', 'documents.page_count'])
            .where('documents.id', 'in', docIds)
            .execute(),
    ]);
    const pages = new Map(docs.map((d) => [d.id, d.page_count]));
    return rows.map((r) => {
      const settings = {
        roles: roles
          .filter((x) => x.template_id === r.id)
          .map((x) => ({ position: x.position, name: x.name, role: x.role })),
        fields: fields
          .filter((x) => x.template_id === r.id)
          .map((x) => ({
            role: x.role_position,
            type: x.type,
            page: x.page,
            rect: { x: x.x, y: x.y, width: x.width, height: x.height },
            required: x.required === 1,
            key: x.field_key,
            defaultValue: x.default_value,
            editable: x.editable === 1,
          })),
      };
      const pageCount = r.document_id === null ? 0 : (pages.get(r.document_id) ?? 0);
      return {
        id: r.id,
        name: r.name,
        pageCount,
        fileAvailable: pageCount > 0,
        ready: missingForUse(settings).length === 0,
        ...settings,
        order: r.signing_order,
        message: r.message,
        expiryDays: r.expiry_days,
        reminders:
          r.reminder_first_days && r.reminder_every_days
            ? { firstAfterDays: r.reminder_first_days, everyDays: r.reminder_every_days }
            : null,
        requireCode: r.require_code === 1,
        recipientsDownloadLink: r.recipients_download_link === 1,
        uses: r.uses,
        createdAt: r.created_at,
        updatedAt: r.updated_at,
      };
    });
  }

  /** Changes any part; the template as a whole must still keep the rules. */
  async update(userId: number, id: number, patch: Partial<TemplateSettings>): Promise<TemplateOutcome> {
    const current = await this.get(userId, id);
    if (!current) return { kind: 'missing' };
    const whole = wholeTemplate.safeParse({ ...settingsOf(current), ...patch });
    if (!whole.success) return firstIssue(whole.error);
    if (current.fileAvailable) {
      const fits = await this.fitPages(current.pageCount, whole.data);
      if (fits) return fits;
    }
    const at = iso(this.deps.clock.now());
    await this.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('templates')
        .set({ ...columnsOf(whole.data), updated_at: at })
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .execute();
      if (patch.roles || patch.fields) await this.writeParts(trx, id, whole.data);
    });
    return { kind: 'ok', template: (await this.get(userId, id))! };
  }

  /** A copy with its own file, named "… (copy)". */
  async duplicate(userId: number, id: number): Promise<TemplateOutcome | { kind: 'file-missing' }> {
    const found = await this.loaded(userId, id);
    if (!found) return { kind: 'missing' };
    const { row, template: current } = found;
    if (row.document_id === null || !current.fileAvailable) return { kind: 'file-missing' };
    const name = `${current.name} (copy)`.slice(0, 200);
    const copied = await this.deps.documents.copy(
      userId,
      row.document_id,
      { name, purpose: 'template' },
      this.deps.defaultQuota(),
      (trx, doc) => this.insert(trx, userId, doc, { ...settingsOf(current), name }),
    );
    if (copied.kind !== 'ok') return copied;
    return { kind: 'ok', template: (await this.get(userId, copied.kept))! };
  }

  /** The template and its file; requests made from it stay (they have their own documents). */
  async delete(userId: number, id: number): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const row = await trx
        .deleteFrom('templates')
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .returning('document_id')
        .executeTakeFirst();
      if (!row) return false;
      if (row.document_id !== null)
        await trx
          .deleteFrom('documents')
          .where('id', '=', row.document_id)
          .where('purpose', '=', 'template')
          .execute();
      return true;
    });
  }

  /**
   * The pages of a template's file, read once for a run of many uses (each copy has the same);
   * undefined when they cannot be read now, and each use reads its own.
   */
  async pageSizes(fileId: number): Promise<{ width: number; height: number }[] | undefined> {
    const bytes = await this.deps.documents.files.get(fileId, 'original');
    if (!bytes) return undefined;
    const sizes = await this.deps.requests.deps
      .pdf()
      .pageSizes(bytes)
      .catch(() => null);
    return sizes?.kind === 'ok' ? sizes.pages : undefined;
  }

  /** What the user stores against their quota. */
  usage(userId: number) {
    return this.deps.documents.usage(userId, this.deps.defaultQuota());
  }

  /** The template's file, for its editor. */
  async file(userId: number, id: number) {
    const row = await this.row(userId, id);
    if (!row || row.document_id === null) return null;
    const bytes = await this.deps.documents.files.get(row.document_id, 'original');
    return bytes ? { bytes, name: row.name, active: false } : null;
  }

  /** A template a use can start from: the owner's, its file there, ready. */
  async usable(
    ownerId: number,
    id: number,
  ): Promise<
    | { kind: 'ok'; template: Template; fileId: number }
    | { kind: 'missing' }
    | { kind: 'file-missing' }
    | { kind: 'not-ready'; message: string }
  > {
    const found = await this.loaded(ownerId, id);
    if (!found) return { kind: 'missing' };
    const { row, template: t } = found;
    if (row.document_id === null || !t.fileAvailable) return { kind: 'file-missing' };
    if (missingForUse(t).length > 0) return { kind: 'not-ready', message: m.notReady };
    return { kind: 'ok', template: t, fileId: row.document_id };
  }

  /**
   * One use: a person for each role and values for keyed fields. Everything is checked before
   * the file is copied; the copy becomes an ordinary document with an ordinary signing request.
   */
  async use(owner: UserRow, id: number, body: UseTemplateBody, actor: Actor): Promise<UseOutcome> {
    const usable = await this.usable(owner.id, id);
    if (usable.kind !== 'ok') return usable;
    return this.send(owner, usable, body, actor);
  }

  /**
   * Sends one use of a usable template. For a bulk send's row, the copy is named on the row in
   * the transaction that makes it, and reused when a run after a crash finds it there.
   */
  async send(
    owner: UserRow,
    usable: { template: Template; fileId: number },
    body: UseTemplateBody,
    actor: Actor,
    bulk?: { rowId: number; documentId: number | null; pageSizes?: { width: number; height: number }[] },
  ): Promise<UseOutcome> {
    const t = usable.template;
    const planned = plan(t, body, this.deps.clock.now());
    if (planned.kind !== 'ok') return planned;

    let documentId = bulk?.documentId ?? null;
    if (documentId === null) {
      const copied = await this.deps.documents.copy(
        owner.id,
        usable.fileId,
        { name: body.documentName || t.name, purpose: 'document' },
        this.deps.defaultQuota(),
        async (trx, doc) => {
          if (bulk)
            await trx
              .updateTable('bulk_rows')
              .set({ document_id: doc.id })
              .where('id', '=', bulk.rowId)
              .execute();
        },
      );
      if (copied.kind === 'missing') return { kind: 'file-missing' };
      if (copied.kind !== 'ok') return copied;
      documentId = copied.document.id;
    }
    const made = await createRequest(this.deps.requests, owner, documentId, planned.body, actor, {
      templateId: t.id,
      fields: planned.origin,
      ...(bulk ? { bulkRowId: bulk.rowId } : {}),
      ...(bulk?.pageSizes ? { pageSizes: bulk.pageSizes } : {}),
    });
    if (made.kind !== 'ok') {
      // Nothing was sent: the copy goes too.
      await this.db.deleteFrom('documents').where('id', '=', documentId).execute();
      return made;
    }
    await this.db
      .updateTable('templates')
      .set((eb) => ({ uses: eb('uses', '+', 1) }))
      .where('id', '=', t.id)
      .execute();
    await this.deps.events.emit(owner.id, 'template.used', {
      templateId: t.id,
      templateName: t.name,
      requestId: made.request.id,
      documentId: made.request.documentId,
    });
    return made;
  }
}

/** The columns of the template row itself (roles and fields have their tables). */
function columnsOf(s: TemplateSettings) {
  return {
    name: s.name,
    signing_order: s.order,
    message: s.message,
    expiry_days: s.expiryDays,
    reminder_first_days: s.reminders?.firstAfterDays ?? null,
    reminder_every_days: s.reminders?.everyDays ?? null,
    require_code: s.requireCode ? 1 : 0,
    recipients_download_link: s.recipientsDownloadLink ? 1 : 0,
  };
}

function settingsOf(t: Template): TemplateSettings {
  return {
    name: t.name,
    roles: t.roles.map((r) => ({ name: r.name, role: r.role })),
    fields: t.fields,
    order: t.order,
    message: t.message,
    expiryDays: t.expiryDays,
    reminders: t.reminders,
    requireCode: t.requireCode,
    recipientsDownloadLink: t.recipientsDownloadLink,
  };
}

function firstIssue(error: z.ZodError): { kind: 'invalid'; message: string; path: (string | number)[] } {
  const issue = error.issues[0]!;
  return {
    kind: 'invalid',
    message: issue.message,
    path: issue.path.map((p) => (typeof p === 'symbol' ? String(p) : p)),
  };
}

/**
 * The request a use makes: the template's roles filled with the people given, its fields with
 * the values given (or their defaults), its defaults where the use sets nothing. Checked as a
 * request body is, with the paths of the use's own input.
 */
export function plan(
  t: Template,
  use: UseTemplateBody,
  now: number,
):
  | {
      kind: 'ok';
      body: CreateRequestBody;
      origin: { key: string | null; prefill: string | null; locked: boolean }[];
    }
  | { kind: 'invalid'; message: string; path?: (string | number)[] } {
  if (use.recipients.length !== t.roles.length)
    return { kind: 'invalid', message: m.assigneesRequired(t.roles.length), path: ['recipients'] };
  const keys = new Map(t.fields.flatMap((f) => (f.key ? [[f.key.toLowerCase(), f.key] as const] : [])));
  const values = new Map<string, string>();
  for (const [key, value] of Object.entries(use.values)) {
    const known = keys.get(key.toLowerCase());
    if (!known) return { kind: 'invalid', message: m.valueUnknownKey(key), path: ['values', key] };
    if (value.length > TEXT_FIELD_MAX)
      return { kind: 'invalid', message: m.valueTooLong(key), path: ['values', key] };
    values.set(known, value);
  }
  const body = createRequestSchema.safeParse({
    recipients: t.roles.map((r, i) => ({ ...use.recipients[i], role: r.role })),
    order: t.order,
    message: use.message ?? t.message ?? undefined,
    expiresAt: use.expiresAt ?? new Date(now + t.expiryDays * DAY_MS).toISOString(),
    reminders: t.reminders,
    requireCode: t.requireCode,
    recipientsDownloadLink: t.recipientsDownloadLink,
    fields: t.fields.map((f) => ({
      recipient: f.role,
      type: f.type,
      page: f.page,
      rect: f.rect,
      required: f.required,
    })),
  });
  if (!body.success) {
    const issue = body.error.issues[0]!;
    return {
      kind: 'invalid',
      message: issue.message,
      path: issue.path.map((p) => (typeof p === 'symbol' ? String(p) : p)),
    };
  }
  const origin = t.fields.map((f) => {
    const prefill = (f.key ? values.get(f.key) : undefined) ?? f.defaultValue;
    return { key: f.key, prefill: prefill || null, locked: Boolean(prefill) && !f.editable };
  });
  return { kind: 'ok', body: body.data, origin };
}
