import type { FastifyBaseLogger } from 'fastify';
import type { Selectable } from 'kysely';
import {
  bulkMessages as m,
  type BulkPreview,
  type BulkRowInput,
  type BulkRowResult,
  type BulkSend,
} from '#shared/templates/bulk.ts';
import type { Template } from '#shared/templates/answers.ts';
import type { Db } from '#server/db/kysely.ts';
import type { BulkSendsTable, UserRow } from '#server/db/schema.ts';
import { iso, type Clock } from '#server/lib/clock.ts';
import type { SecurityLimits } from '#server/lib/limits.ts';
import type { JobQueue } from '../jobs/job-queue.ts';
import type { EventSink } from '../webhooks/events.service.ts';
import { checkRows, csvRows, exportCsv } from './bulk-csv.ts';
import type { TemplatesService, UseOutcome } from './templates.service.ts';

declare module '../jobs/job-queue.ts' {
  interface JobPayloads {
    'bulk.run': { bulkId: number };
  }
}

type BulkRow = Selectable<BulkSendsTable>;
const DAY_MS = 24 * 60 * 60 * 1000;
/** Rows a run sends before it hands on to the next run: a pause or cancel lands between two. */
export const BULK_CHUNK = 50;
/** How long a run holds its send; renewed per row, so only a crashed run's hold runs out. */
const LEASE_MS = 2 * 60 * 1000;
/** A busy PDF pool or database: the run is tried again after this. */
const BUSY_RETRY_MS = 30_000;
const PREVIEW_ERRORS = 500;
const PREVIEW_SAMPLE = 5;

export type BulkInput = { csv: string } | { rows: BulkRowInput[] };
export type Checked =
  | { kind: 'ok'; template: Template; fileId: number; rows: BulkRowInput[]; preview: BulkPreview }
  | { kind: 'missing' }
  | { kind: 'file-missing' }
  | { kind: 'not-ready'; message: string }
  | { kind: 'invalid'; message: string };

export type StartOutcome =
  | { kind: 'ok'; bulk: BulkSend }
  | Exclude<Checked, { kind: 'ok' }>
  | { kind: 'row-errors'; preview: BulkPreview }
  | { kind: 'over-daily'; message: string; retryAfter: number }
  | { kind: 'over-quota'; usedBytes: number; quotaBytes: number };

/**
 * Bulk sends: a template's rows checked as a whole first, then each sent as its own request by
 * the job queue, a chunk per run, one run at a time per send. A row's request names the row
 * (unique), and the document copied for it is named on the row before the request is made, so a
 * run that resumes after a crash finishes a row once and never sends it twice.
 */
export class BulkService {
  constructor(
    private readonly deps: {
      db: Db;
      clock: Clock;
      templates: TemplatesService;
      jobs: JobQueue;
      events: EventSink;
      limits: () => SecurityLimits;
      log: FastifyBaseLogger;
    },
  ) {
    deps.jobs.register('bulk.run', (p) => this.run(p.bulkId), {
      maxAttempts: 1000,
      backoffMs: BUSY_RETRY_MS,
    });
  }

  private get db() {
    return this.deps.db;
  }

  /** Every row checked against the template; nothing stored, nothing sent. */
  async check(ownerId: number, templateId: number, input: BulkInput): Promise<Checked> {
    const usable = await this.deps.templates.usable(ownerId, templateId);
    if (usable.kind !== 'ok') return usable;
    const t = usable.template;
    let columns: string[];
    let checked: ReturnType<typeof checkRows>;
    if ('csv' in input) {
      const read = csvRows(t, input.csv);
      if (read.kind !== 'ok') return read;
      columns = read.columns;
      checked = read;
    } else {
      if (input.rows.length === 0) return { kind: 'invalid', message: m.csvEmpty };
      columns = [];
      checked = checkRows(t, input.rows);
    }
    return {
      kind: 'ok',
      template: t,
      fileId: usable.fileId,
      rows: checked.rows,
      preview: {
        rows: checked.rows.length,
        errors: checked.errors.slice(0, PREVIEW_ERRORS),
        errorCount: checked.errors.length,
        columns,
        sample: checked.rows.slice(0, PREVIEW_SAMPLE),
      },
    };
  }

  /** Rows this user has started today (UTC), every send together. */
  private async rowsToday(userId: number): Promise<number> {
    const day = iso(Math.floor(this.deps.clock.now() / DAY_MS) * DAY_MS);
    const row = await this.db
      .selectFrom('bulk_sends')
      .select((eb) => eb.fn.sum<number | string | null>('total').as('n'))
      .where('user_id', '=', userId)
      .where('created_at', '>=', day)
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  /**
   * Starts a send once every row passed: within the daily limit, and with room in the storage
   * quota for a copy of the file per row (each copy is checked again when it is made).
   */
  async start(owner: UserRow, templateId: number, input: BulkInput): Promise<StartOutcome> {
    const checked = await this.check(owner.id, templateId, input);
    if (checked.kind !== 'ok') return checked;
    if (checked.preview.errorCount > 0) return { kind: 'row-errors', preview: checked.preview };
    const limit = this.deps.limits().bulkRowsPerUserPerDay;
    const left = Math.max(0, limit - (await this.rowsToday(owner.id)));
    if (checked.rows.length > left) {
      const now = this.deps.clock.now();
      const retryAfter = Math.ceil((Math.floor(now / DAY_MS + 1) * DAY_MS - now) / 1000);
      return { kind: 'over-daily', message: m.overDailyLimit(left, limit), retryAfter };
    }
    const file = await this.db
      .selectFrom('documents')
      .select('size')
      .where('id', '=', checked.fileId)
      .executeTakeFirstOrThrow();
    const usage = await this.deps.templates.usage(owner.id);
    if (usage.usedBytes + file.size * checked.rows.length > usage.quotaBytes)
      return { kind: 'over-quota', usedBytes: usage.usedBytes, quotaBytes: usage.quotaBytes };

    const at = iso(this.deps.clock.now());
    const id = await this.db.transaction().execute(async (trx) => {
      const bulk = await trx
        .insertInto('bulk_sends')
        .values({
          user_id: owner.id,
          template_id: checked.template.id,
          template_name: checked.template.name,
          status: 'running',
          total: checked.rows.length,
          created_at: at,
          updated_at: at,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const rows = checked.rows.map((r, i) => ({
        bulk_id: bulk.id,
        n: i + 1,
        data: JSON.stringify(r),
        status: 'pending' as const,
        updated_at: at,
      }));
      // In batches: PostgreSQL takes at most 65,535 parameters in one statement.
      for (let i = 0; i < rows.length; i += 500)
        await trx
          .insertInto('bulk_rows')
          .values(rows.slice(i, i + 500))
          .execute();
      await this.deps.jobs.enqueue('bulk.run', { bulkId: bulk.id }, { key: `bulk.run:${bulk.id}`, trx });
      return bulk.id;
    });
    this.deps.jobs.wake();
    return { kind: 'ok', bulk: (await this.get(owner.id, id))! };
  }

  private view(r: BulkRow): BulkSend {
    return {
      id: r.id,
      templateId: r.template_id,
      templateName: r.template_name,
      status: r.status,
      total: r.total,
      sent: r.sent,
      failed: r.failed,
      pending: r.status === 'cancelled' ? 0 : r.total - r.sent - r.failed,
      createdAt: r.created_at,
      finishedAt: r.finished_at,
    };
  }

  async get(userId: number, id: number): Promise<BulkSend | null> {
    const row = await this.db
      .selectFrom('bulk_sends')
      .selectAll()
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return row ? this.view(row) : null;
  }

  async list(userId: number, page: number, pageSize: number, templateId?: number) {
    let q = this.db.selectFrom('bulk_sends').where('user_id', '=', userId);
    if (templateId) q = q.where('template_id', '=', templateId);
    const [rows, count] = await Promise.all([
      q
        .selectAll()
        .orderBy('id', 'desc')
        .limit(pageSize)
        .offset((page - 1) * pageSize)
        .execute(),
      q.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return { items: rows.map((r) => this.view(r)), total: Number(count.n) };
  }

  /** The rows' results, in file order. */
  async rows(
    userId: number,
    id: number,
    q: { status?: BulkRowResult['status'] | undefined; page: number; pageSize: number; afterRow?: number },
  ): Promise<{ items: BulkRowResult[]; total: number } | null> {
    if (!(await this.get(userId, id))) return null;
    let base = this.db.selectFrom('bulk_rows').where('bulk_id', '=', id);
    if (q.status) base = base.where('status', '=', q.status);
    const after = q.afterRow;
    const [rows, count] = await Promise.all([
      (after === undefined ? base : base.where('n', '>', after))
        .selectAll()
        .orderBy('n')
        .limit(q.pageSize)
        .offset(after === undefined ? (q.page - 1) * q.pageSize : 0)
        .execute(),
      base.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return {
      items: rows.map((r) => ({
        row: r.n,
        status: r.status,
        recipients: (JSON.parse(r.data) as BulkRowInput).recipients,
        error: r.error,
        requestId: r.request_id,
        documentId: r.status === 'sent' ? r.document_id : null,
      })),
      total: Number(count.n),
    };
  }

  /** Every row's result as a CSV file (formula-looking cells neutralised). */
  async resultsCsv(userId: number, id: number): Promise<{ name: string; csv: string } | null> {
    const bulk = await this.get(userId, id);
    if (!bulk) return null;
    const rows = await this.db
      .selectFrom('bulk_rows')
      .selectAll()
      .where('bulk_id', '=', id)
      .orderBy('n')
      .execute();
    const roles = rows.length > 0 ? (JSON.parse(rows[0]!.data) as BulkRowInput).recipients.length : 0;
    const header = [
      'row',
      'status',
      'reason',
      'request',
      ...Array.from({ length: roles }, (_, i) => [
        `recipient ${i + 1} name`,
        `recipient ${i + 1} email`,
      ]).flat(),
    ];
    const lines = rows.map((r) => [
      String(r.n),
      r.status,
      r.error ?? '',
      r.request_id === null ? '' : String(r.request_id),
      ...(JSON.parse(r.data) as BulkRowInput).recipients.flatMap((p) => [p.name, p.email]),
    ]);
    return {
      name: `${bulk.templateName} - bulk send ${bulk.id} results.csv`,
      csv: exportCsv([header, ...lines]),
    };
  }

  /** Pause, resume or cancel; answers the send as it now is, or why it could not. */
  async control(
    userId: number,
    id: number,
    action: 'pause' | 'resume' | 'cancel',
  ): Promise<{ kind: 'ok'; bulk: BulkSend } | { kind: 'missing' } | { kind: 'conflict'; message: string }> {
    const at = iso(this.deps.clock.now());
    const from = action === 'pause' ? ['running'] : action === 'resume' ? ['paused'] : ['running', 'paused'];
    const to = action === 'pause' ? 'paused' : action === 'resume' ? 'running' : 'cancelled';
    const changed = await this.db.transaction().execute(async (trx) => {
      const updated = await trx
        .updateTable('bulk_sends')
        .set({ status: to, updated_at: at, ...(to === 'cancelled' ? { finished_at: at } : {}) })
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .where('status', 'in', from as BulkRow['status'][])
        .executeTakeFirst();
      if (Number(updated.numUpdatedRows) !== 1) return false;
      if (to === 'cancelled')
        await trx
          .updateTable('bulk_rows')
          .set({ status: 'cancelled', updated_at: at })
          .where('bulk_id', '=', id)
          .where('status', '=', 'pending')
          .execute();
      if (to === 'running')
        await this.deps.jobs.enqueue('bulk.run', { bulkId: id }, { key: `bulk.run:${id}`, trx });
      return true;
    });
    const bulk = await this.get(userId, id);
    if (!bulk) return { kind: 'missing' };
    if (!changed)
      return {
        kind: 'conflict',
        message:
          bulk.status === 'completed' || bulk.status === 'cancelled'
            ? m.finished
            : action === 'resume'
              ? m.notPaused
              : m.notRunning,
      };
    if (to === 'running') this.deps.jobs.wake();
    return { kind: 'ok', bulk };
  }

  /** Takes the send for this run, unless another run holds it. */
  private async lease(id: number): Promise<boolean> {
    const now = this.deps.clock.now();
    const taken = await this.db
      .updateTable('bulk_sends')
      .set({ lease_until: iso(now + LEASE_MS) })
      .where('id', '=', id)
      .where('status', '=', 'running')
      .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', iso(now))]))
      .executeTakeFirst();
    return Number(taken.numUpdatedRows) === 1;
  }

  /**
   * One run: up to BULK_CHUNK pending rows in file order, then the next run is queued (or the
   * send completes). A pause or cancel stops it between two rows.
   */
  async run(bulkId: number): Promise<void> {
    if (!(await this.lease(bulkId))) return;
    let busy = false;
    try {
      busy = await this.chunk(bulkId);
    } finally {
      await this.db.updateTable('bulk_sends').set({ lease_until: null }).where('id', '=', bulkId).execute();
    }
    const bulk = await this.db
      .selectFrom('bulk_sends')
      .selectAll()
      .where('id', '=', bulkId)
      .executeTakeFirst();
    if (!bulk || bulk.status !== 'running') return;
    const pending = await this.db
      .selectFrom('bulk_rows')
      .select('id')
      .where('bulk_id', '=', bulkId)
      .where('status', '=', 'pending')
      .executeTakeFirst();
    if (pending) {
      await this.deps.jobs.enqueue(
        'bulk.run',
        { bulkId },
        { key: `bulk.run:${bulkId}`, ...(busy ? { runAt: this.deps.clock.now() + BUSY_RETRY_MS } : {}) },
      );
      return;
    }
    const at = iso(this.deps.clock.now());
    const done = await this.db
      .updateTable('bulk_sends')
      .set({ status: 'completed', finished_at: at, updated_at: at })
      .where('id', '=', bulkId)
      .where('status', '=', 'running')
      .executeTakeFirst();
    if (Number(done.numUpdatedRows) === 1) {
      const final = this.view({ ...bulk, status: 'completed', finished_at: at });
      await this.deps.events.emit(bulk.user_id, 'bulk.completed', {
        bulkId,
        templateId: bulk.template_id,
        templateName: bulk.template_name,
        total: final.total,
        sent: final.sent,
        failed: final.failed,
      });
    }
  }

  /** Sends the next rows; true when it stopped because something was busy (tried again later). */
  private async chunk(bulkId: number): Promise<boolean> {
    const bulk = await this.db
      .selectFrom('bulk_sends')
      .selectAll()
      .where('id', '=', bulkId)
      .executeTakeFirst();
    if (!bulk || bulk.status !== 'running') return false;
    const owner = await this.db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', bulk.user_id)
      .executeTakeFirst();
    const usable =
      owner && bulk.template_id !== null
        ? await this.deps.templates.usable(owner.id, bulk.template_id)
        : ({ kind: 'missing' } as const);
    const rows = await this.db
      .selectFrom('bulk_rows')
      .selectAll()
      .where('bulk_id', '=', bulkId)
      .where('status', '=', 'pending')
      .orderBy('n')
      .limit(BULK_CHUNK)
      .execute();
    const pageSizes = usable.kind === 'ok' ? await this.deps.templates.pageSizes(usable.fileId) : undefined;
    const actor = owner
      ? { name: `${owner.name || owner.email} <${owner.email}> (bulk send)`, ip: null, userAgent: null }
      : null;
    for (const row of rows) {
      const now = this.deps.clock.now();
      const still = await this.db
        .updateTable('bulk_sends')
        .set({ lease_until: iso(now + LEASE_MS) })
        .where('id', '=', bulkId)
        .where('status', '=', 'running')
        .executeTakeFirst();
      if (Number(still.numUpdatedRows) !== 1) return false;
      // A run before a crash may have made this row's request: it counts as sent, once.
      const made = await this.db
        .selectFrom('signing_requests')
        .select(['id', 'document_id'])
        .where('bulk_row_id', '=', row.id)
        .executeTakeFirst();
      if (made) {
        await this.settle(bulkId, row.id, { kind: 'sent', requestId: made.id, documentId: made.document_id });
        continue;
      }
      if (usable.kind !== 'ok' || !owner || !actor) {
        const why = outcomeText(usable.kind === 'ok' ? { kind: 'missing' } : usable);
        await this.settle(bulkId, row.id, { kind: 'failed', error: why });
        continue;
      }
      let outcome: UseOutcome;
      try {
        outcome = await this.deps.templates.send(
          owner,
          usable,
          { ...(JSON.parse(row.data) as BulkRowInput), message: undefined },
          actor,
          {
            rowId: row.id,
            documentId: row.document_id,
            ...(pageSizes ? { pageSizes } : {}),
          },
        );
      } catch (err) {
        this.deps.log.error({ err, bulkId, row: row.n }, 'bulk send row failed');
        return true;
      }
      if (outcome.kind === 'busy') return true;
      await this.settle(
        bulkId,
        row.id,
        outcome.kind === 'ok'
          ? { kind: 'sent', requestId: outcome.request.id, documentId: outcome.request.documentId }
          : { kind: 'failed', error: outcomeText(outcome) },
      );
    }
    return false;
  }

  /** A row's result and the send's counts, together. */
  private async settle(
    bulkId: number,
    rowId: number,
    r: { kind: 'sent'; requestId: number; documentId: number } | { kind: 'failed'; error: string },
  ) {
    const at = iso(this.deps.clock.now());
    await this.db.transaction().execute(async (trx) => {
      const updated = await trx
        .updateTable('bulk_rows')
        .set(
          r.kind === 'sent'
            ? {
                status: 'sent',
                request_id: r.requestId,
                document_id: r.documentId,
                error: null,
                updated_at: at,
              }
            : { status: 'failed', error: r.error, updated_at: at },
        )
        .where('id', '=', rowId)
        .where('status', '=', 'pending')
        .executeTakeFirst();
      if (Number(updated.numUpdatedRows) !== 1) return;
      await trx
        .updateTable('bulk_sends')
        .set((eb) =>
          r.kind === 'sent'
            ? { sent: eb('sent', '+', 1), updated_at: at }
            : { failed: eb('failed', '+', 1), updated_at: at },
        )
        .where('id', '=', bulkId)
        .execute();
    });
  }
}

/** Why a row was not sent, in words for the results list. */
function outcomeText(o: Exclude<UseOutcome, { kind: 'ok' | 'busy' }>): string {
  switch (o.kind) {
    case 'missing':
      return 'The template was deleted.';
    case 'file-missing':
      return "The template's file was deleted.";
    case 'not-ready':
    case 'invalid':
    case 'document-state':
      return o.message;
    case 'over-quota':
      return 'Your storage is full: no copy of the file could be kept for this row.';
  }
}
