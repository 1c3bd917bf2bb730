import { useState } from 'react';
import { Alert } from '#web/components/ui/alert.tsx';
import { Card, CardContent } from '#web/components/ui/card.tsx';
import { useEmailSettings } from '#web/features/admin/api/get-email-settings.ts';
import { useOutbox } from '#web/features/admin/api/list-outbox.ts';
import { AdminPage, Section } from '#web/components/admin-page.tsx';
import { OutboxTable } from '#web/features/admin/components/email/outbox-table.tsx';
import { PagedList } from '#web/features/admin/components/data-table/paged-list.tsx';
import { SmtpForm } from '#web/features/admin/components/email/smtp-form.tsx';
import { TestEmailForm } from '#web/features/admin/components/email/test-email-form.tsx';
import { QueryState } from '#web/features/admin/components/query-state.tsx';
import { adminText } from '#web/features/admin/messages.ts';
import { useUser } from '#web/lib/session/get-user.ts';

const t = adminText.email;
const OUTBOX_PAGE_SIZE = 10;

export default function AdminEmailSettingsPage() {
  const settings = useEmailSettings();
  const [page, setPage] = useState(1);
  const outbox = useOutbox(page, OUTBOX_PAGE_SIZE);
  const { data: me } = useUser();
  const data = settings.data;
  return (
    <AdminPage title={t.title} lead={t.lead}>
      <QueryState query={settings} />
      {data ? (
        <>
          <Alert tone={data.outboxMode ? 'info' : 'success'} title={t.statusHeading} role="status">
            {t.source[data.source]}
          </Alert>
          <div className="grid items-start gap-6 xl:grid-cols-[3fr_2fr]">
            <Section id="smtp-heading" title={t.formHeading} description={t.formLead}>
              <Card>
                <CardContent>
                  <SmtpForm key={`${data.source}-${data.host}`} settings={data} />
                </CardContent>
              </Card>
            </Section>
            <Section id="test-heading" title={t.testHeading} description={t.testLead}>
              <Card>
                <CardContent>
                  <TestEmailForm defaultTo={me?.email ?? ''} />
                </CardContent>
              </Card>
            </Section>
          </div>
        </>
      ) : null}
      <Section id="outbox-heading" title={t.outboxHeading} description={t.outboxLead}>
        <PagedList
          query={outbox}
          page={page}
          pageSize={OUTBOX_PAGE_SIZE}
          onPage={setPage}
          label={t.outboxLabel}
        >
          {(list) => <OutboxTable items={list.items} />}
        </PagedList>
      </Section>
    </AdminPage>
  );
}
