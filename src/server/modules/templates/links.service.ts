import crypto from 'node:crypto';
import type { Selectable } from 'kysely';
import { CODE_MAX_ATTEMPTS, CODE_TTL_MS } from '#shared/requests/schemas.ts';
import {
  linkMessages as lm,
  type LinkSettings,
  type LinkState,
  type LinkSubmission,
  type PublicLinkResponse,
  type SubmissionsResponse,
  type TemplateLink,
} from '#shared/templates/links.ts';
import type { Template } from '#shared/templates/answers.ts';
import type { Db } from '#server/db/kysely.ts';
import type { TemplateLinksTable, UserRow } from '#server/db/schema.ts';
import { iso, type Clock } from '#server/lib/clock.ts';
import { randomToken, safeEqual, sha256 } from '#server/lib/crypto.ts';
import { recordEvent, type Actor } from '../requests/audit.ts';
import { codeMail } from '../requests/mails.ts';
import type { RequestsService } from '../requests/requests.service.ts';
import { issueLink, maskEmail, signingPath } from '../requests/tokens.ts';
import type { TemplatesService, UseOutcome } from './templates.service.ts';

type LinkRow = Selectable<TemplateLinksTable>;
type Assignee = { name: string; email: string } | null;

export const linkPath = (slug: string) => `/d/${slug}`;

/** The link's state at `now`: an end for good (expired, exhausted) reads before a pause. */
export function stateOf(row: LinkRow, now: string): LinkState {
  if (row.expires_at !== null && row.expires_at <= now) return 'expired';
  if (row.max_submissions !== null && row.submissions >= row.max_submissions) return 'exhausted';
  if (row.paused === 1) return 'paused';
  return 'open';
}

export type SaveOutcome =
  | { kind: 'ok'; link: TemplateLink }
  | { kind: 'missing' }
  | { kind: 'invalid'; message: string; path: (string | number)[] };

export type StartOutcome =
  | { kind: 'ok'; expiresAt: string; email: string }
  | { kind: 'missing' }
  | { kind: 'closed'; state: Exclude<LinkState, 'open'> }
  | { kind: 'needs-setup' };

export type VerifyOutcome =
  | { kind: 'ok'; signUrl: string }
  | { kind: 'missing' }
  | { kind: 'closed'; state: Exclude<LinkState, 'open'> }
  | { kind: 'needs-setup' }
  | { kind: 'no-code' }
  | { kind: 'wrong'; attemptsLeft: number }
  | { kind: 'expired-code' }
  | { kind: 'refused'; outcome: Exclude<UseOutcome, { kind: 'ok' }> };

const codeHash = (codeId: number, code: string) => sha256(`link-code:${codeId}:${code}`);

/**
 * Public signing links of templates. The owner's calls filter by owner (another's template reads
 * as absent); the visitor's calls find the link by its slug only. Each confirmed visitor makes
 * their own document and request through the template's ordinary use.
 */
export class TemplateLinksService {
  constructor(
    private readonly deps: {
      db: Db;
      clock: Clock;
      templates: TemplatesService;
      requests: RequestsService;
    },
  ) {}

  private get db() {
    return this.deps.db;
  }

  private now() {
    return iso(this.deps.clock.now());
  }

  private rowOf(userId: number, templateId: number) {
    return this.db
      .selectFrom('template_links')
      .selectAll()
      .where('template_id', '=', templateId)
      .where('user_id', '=', userId)
      .executeTakeFirst();
  }

  private view(row: LinkRow): TemplateLink {
    const assignees = (JSON.parse(row.assignees) as Assignee[]).flatMap((a, role) =>
      a ? [{ role, name: a.name, email: a.email }] : [],
    );
    return {
      templateId: row.template_id,
      slug: row.slug,
      path: linkPath(row.slug),
      openRole: row.open_role,
      assignees,
      paused: row.paused === 1,
      expiresAt: row.expires_at,
      maxSubmissions: row.max_submissions,
      submissions: row.submissions,
      state: stateOf(row, this.now()),
      createdAt: row.created_at,
      updatedAt: row.updated_at,
    };
  }

  /** The template's link; `missing` when the template is not the user's. */
  async get(
    userId: number,
    templateId: number,
  ): Promise<{ kind: 'ok'; link: TemplateLink | null } | { kind: 'missing' }> {
    const t = await this.deps.templates.get(userId, templateId);
    if (!t) return { kind: 'missing' };
    const row = await this.rowOf(userId, templateId);
    return { kind: 'ok', link: row ? this.view(row) : null };
  }

  /** Makes the link (with a new slug) or changes its settings; the slug stays. */
  async save(userId: number, templateId: number, s: LinkSettings): Promise<SaveOutcome> {
    const t = await this.deps.templates.get(userId, templateId);
    if (!t) return { kind: 'missing' };
    const checked = checkSettings(t, s, this.deps.clock.now());
    if (checked.kind !== 'ok') return checked;
    const at = this.now();
    const columns = {
      open_role: s.openRole,
      assignees: JSON.stringify(checked.assignees),
      paused: s.paused ? 1 : 0,
      expires_at: s.expiresAt === null ? null : iso(Date.parse(s.expiresAt)),
      max_submissions: s.maxSubmissions,
      updated_at: at,
    };
    const current = await this.rowOf(userId, templateId);
    if (current)
      await this.db.updateTable('template_links').set(columns).where('id', '=', current.id).execute();
    else
      await this.db
        .insertInto('template_links')
        .values({
          template_id: templateId,
          user_id: userId,
          slug: randomToken(16),
          created_at: at,
          ...columns,
        })
        .execute();
    return { kind: 'ok', link: this.view((await this.rowOf(userId, templateId))!) };
  }

  /** Turns the link off: its address stops working, the requests it made stay. */
  async remove(userId: number, templateId: number): Promise<'deleted' | 'none' | 'missing'> {
    const t = await this.deps.templates.get(userId, templateId);
    if (!t) return 'missing';
    const res = await this.db
      .deleteFrom('template_links')
      .where('template_id', '=', templateId)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return Number(res.numDeletedRows) > 0 ? 'deleted' : 'none';
  }

  async submissions(
    userId: number,
    templateId: number,
    q: { page: number; pageSize: number },
  ): Promise<SubmissionsResponse | null> {
    const t = await this.deps.templates.get(userId, templateId);
    if (!t) return null;
    const row = await this.rowOf(userId, templateId);
    if (!row) return { items: [], total: 0 };
    const base = this.db.selectFrom('template_link_submissions as s').where('s.link_id', '=', row.id);
    const [rows, count] = await Promise.all([
      base
        .leftJoin('signing_requests as q', 'q.id', 's.request_id')
        .select(['s.id', 's.name', 's.email', 's.created_at', 's.request_id', 'q.document_id', 'q.status'])
        .orderBy('s.id', 'desc')
        .limit(q.pageSize)
        .offset((q.page - 1) * q.pageSize)
        .execute(),
      base.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow(),
    ]);
    const items: LinkSubmission[] = rows.map((r) => ({
      id: r.id,
      name: r.name,
      email: r.email,
      createdAt: r.created_at,
      requestId: r.request_id,
      documentId: r.document_id ?? null,
      status: r.status ?? null,
    }));
    return { items, total: Number(count.n) };
  }

  /** Visitors' codes whose ten minutes are over (used ones too: the request keeps its own record). */
  async purgeExpired() {
    await this.db.deleteFrom('template_link_codes').where('expires_at', '<=', this.now()).execute();
  }

  private bySlug(slug: string) {
    return this.db.selectFrom('template_links').selectAll().where('slug', '=', slug).executeTakeFirst();
  }

  /** The link, its template and its owner, when all three still exist. */
  private async resolve(slug: string) {
    const row = await this.bySlug(slug);
    if (!row) return null;
    const [t, owner] = await Promise.all([
      this.deps.templates.get(row.user_id, row.template_id),
      this.db.selectFrom('users').selectAll().where('id', '=', row.user_id).executeTakeFirst(),
    ]);
    if (!t || !owner) return null;
    return { row, template: t, owner };
  }

  /** GET /api/d/{slug} */
  async publicInfo(slug: string): Promise<PublicLinkResponse | null> {
    const found = await this.resolve(slug);
    if (!found) return null;
    const { row, template: t, owner } = found;
    return {
      templateName: t.name,
      senderName: owner.name || maskEmail(owner.email),
      openRole: t.roles[row.open_role]?.name ?? '',
      state: stateOf(row, this.now()),
    };
  }

  /** What refuses a visitor before anything is mailed or made, or null when the link takes them. */
  private refusal(found: { row: LinkRow; template: Template }) {
    const state = stateOf(found.row, this.now());
    if (state !== 'open') return { kind: 'closed' as const, state };
    if (!fits(found.template, found.row)) return { kind: 'needs-setup' as const };
    return null;
  }

  /**
   * POST /api/d/{slug}/start: a new code for this browser, mailed to the address given; earlier
   * unused codes of the same browser stop working.
   */
  async start(
    slug: string,
    sessionId: string,
    visitor: { name: string; email: string },
  ): Promise<StartOutcome> {
    const found = await this.resolve(slug);
    if (!found) return { kind: 'missing' };
    const refused = this.refusal(found);
    if (refused) return refused;
    const code = String(crypto.randomInt(0, 1_000_000)).padStart(6, '0');
    const now = this.deps.clock.now();
    const expiresAt = iso(now + CODE_TTL_MS);
    await this.db.transaction().execute(async (trx) => {
      await trx
        .deleteFrom('template_link_codes')
        .where('link_id', '=', found.row.id)
        .where('session_id', '=', sessionId)
        .where('used_at', 'is', null)
        .execute();
      const made = await trx
        .insertInto('template_link_codes')
        .values({
          link_id: found.row.id,
          session_id: sessionId,
          name: visitor.name,
          email: visitor.email,
          code_hash: '',
          created_at: iso(now),
          expires_at: expiresAt,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx
        .updateTable('template_link_codes')
        .set({ code_hash: codeHash(made.id, code) })
        .where('id', '=', made.id)
        .execute();
    });
    // No link in the mail: the code must not reach the log when mail waits in the outbox.
    this.deps.requests.deps.send({ to: visitor.email, mail: codeMail(code, found.template.name), link: '' });
    return { kind: 'ok', expiresAt, email: visitor.email };
  }

  /**
   * POST /api/d/{slug}/verify. The try is counted before the comparison (parallel guesses count
   * too); a right code is used once. A submission's place is reserved by one conditional update,
   * so parallel visitors never exceed the maximum; it is given back when nothing could be sent.
   */
  async verify(
    slug: string,
    sessionId: string,
    code: string,
    meta: Omit<Actor, 'name'>,
  ): Promise<VerifyOutcome> {
    const found = await this.resolve(slug);
    if (!found) return { kind: 'missing' };
    const refused = this.refusal(found);
    if (refused) return refused;
    const { row, template: t, owner } = found;
    const now = this.now();
    const pending = await this.db
      .selectFrom('template_link_codes')
      .selectAll()
      .where('link_id', '=', row.id)
      .where('session_id', '=', sessionId)
      .where('used_at', 'is', null)
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
    if (!pending) return { kind: 'no-code' };
    if (pending.expires_at <= now) return { kind: 'expired-code' };
    const counted = await this.db
      .updateTable('template_link_codes')
      .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
      .where('id', '=', pending.id)
      .where('attempts', '<', CODE_MAX_ATTEMPTS)
      .where('used_at', 'is', null)
      .returning('attempts')
      .executeTakeFirst();
    if (!counted) return { kind: 'expired-code' };
    if (!safeEqual(codeHash(pending.id, code), pending.code_hash)) {
      const attemptsLeft = CODE_MAX_ATTEMPTS - counted.attempts;
      return attemptsLeft > 0 ? { kind: 'wrong', attemptsLeft } : { kind: 'expired-code' };
    }
    const used = await this.db
      .updateTable('template_link_codes')
      .set({ used_at: now })
      .where('id', '=', pending.id)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    if (Number(used.numUpdatedRows) !== 1) return { kind: 'expired-code' };

    const reserved = await this.db
      .updateTable('template_links')
      .set((eb) => ({ submissions: eb('submissions', '+', 1) }))
      .where('id', '=', row.id)
      .where('paused', '=', 0)
      .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', now)]))
      .where((eb) =>
        eb.or([eb('max_submissions', 'is', null), eb('submissions', '<', eb.ref('max_submissions'))]),
      )
      .executeTakeFirst();
    if (Number(reserved.numUpdatedRows) !== 1) {
      const again = await this.bySlug(slug);
      const state = again ? stateOf(again, now) : 'expired';
      return { kind: 'closed', state: state === 'open' ? 'exhausted' : state };
    }
    const giveBack = async () => {
      await this.db
        .updateTable('template_links')
        .set((eb) => ({ submissions: eb('submissions', '-', 1) }))
        .where('id', '=', row.id)
        .execute();
      await this.db
        .updateTable('template_link_codes')
        .set({ used_at: null })
        .where('id', '=', pending.id)
        .execute();
    };

    const visitor = { name: pending.name, email: pending.email };
    const assignees = JSON.parse(row.assignees) as Assignee[];
    const recipients = t.roles.map((_, i) => (i === row.open_role ? visitor : assignees[i]!));
    const actor: Actor = { name: `${visitor.name} <${visitor.email}>`, ...meta };
    let made: UseOutcome;
    try {
      made = await this.deps.templates.use(
        owner as UserRow,
        t.id,
        {
          recipients,
          values: {},
          message: undefined,
          documentName: `${t.name} – ${visitor.name}`.slice(0, 200),
        },
        actor,
      );
    } catch (err) {
      await giveBack();
      throw err;
    }
    if (made.kind !== 'ok') {
      await giveBack();
      return { kind: 'refused', outcome: made };
    }
    const request = made.request;
    const recipient = request.recipients.find((r) => r.position === row.open_role)!;
    const at = this.now();
    const token = await this.db.transaction().execute(async (trx) => {
      const token = await issueLink(trx, recipient.id, at);
      if (request.requireCode) {
        // The address was just proven on this browser: its session counts as having entered the code.
        await trx
          .insertInto('signing_codes')
          .values({
            recipient_id: recipient.id,
            // Nothing to compare any more: a random hash no code matches.
            code_hash: sha256(randomToken(32)),
            attempts: counted.attempts,
            created_at: pending.created_at,
            expires_at: pending.expires_at,
            verified_at: at,
            session_id: sessionId,
          })
          .execute();
        await trx
          .updateTable('signing_recipients')
          .set({ code_verified_at: at })
          .where('id', '=', recipient.id)
          .execute();
      }
      await recordEvent(trx, {
        requestId: request.id,
        recipientId: recipient.id,
        kind: 'code-verified',
        actor,
        at,
        detail: `Address ${visitor.email} confirmed with a mailed code on the template's public link`,
      });
      await trx
        .insertInto('template_link_submissions')
        .values({
          link_id: row.id,
          request_id: request.id,
          name: visitor.name,
          email: visitor.email,
          ip: meta.ip,
          created_at: at,
        })
        .execute();
      return token;
    });
    return { kind: 'ok', signUrl: signingPath(token) };
  }
}

/** Whether the link still matches its template's roles (the template may have changed since). */
function fits(t: Template, row: LinkRow) {
  const assignees = JSON.parse(row.assignees) as Assignee[];
  const open = t.roles[row.open_role];
  if (!open || open.role === 'viewer' || assignees.length !== t.roles.length) return false;
  return t.roles.every(
    (_, i) => (i === row.open_role) === (assignees[i] === null || assignees[i] === undefined),
  );
}

/** The settings against the template: a role that acts is open, every other role has its person. */
function checkSettings(
  t: Template,
  s: LinkSettings,
  now: number,
): { kind: 'ok'; assignees: Assignee[] } | { kind: 'invalid'; message: string; path: (string | number)[] } {
  const open = t.roles[s.openRole];
  if (!open) return { kind: 'invalid', message: lm.openRoleInvalid, path: ['openRole'] };
  if (open.role === 'viewer') return { kind: 'invalid', message: lm.openRoleViewer, path: ['openRole'] };
  const assignees: Assignee[] = t.roles.map(() => null);
  for (const [i, a] of s.assignees.entries()) {
    if (a.role === s.openRole || a.role >= t.roles.length || assignees[a.role])
      return { kind: 'invalid', message: lm.assigneeRoleInvalid, path: ['assignees', i, 'role'] };
    assignees[a.role] = { name: a.name, email: a.email };
  }
  const lacking = t.roles.filter((_, i) => i !== s.openRole && !assignees[i]).map((r) => r.name);
  if (lacking.length > 0)
    return { kind: 'invalid', message: lm.assigneesRequired(lacking), path: ['assignees'] };
  if (s.expiresAt !== null && Date.parse(s.expiresAt) <= now)
    return { kind: 'invalid', message: lm.expiryInPast, path: ['expiresAt'] };
  return { kind: 'ok', assignees };
}
