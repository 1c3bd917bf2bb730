import { Card, CardContent } from '#web/components/ui/card.tsx';
import { useSiteSettings } from '#web/features/admin/api/get-site-settings.ts';
import { AdminPage, Section } from '#web/components/admin-page.tsx';
import { QueryState } from '#web/features/admin/components/query-state.tsx';
import { SiteSettingsForm } from '#web/features/admin/components/settings/site-settings-form.tsx';
import { SupportMessages } from '#web/features/admin/components/settings/support-messages.tsx';
import { adminText } from '#web/features/admin/messages.ts';

const t = adminText.settings;

export default function AdminSettingsPage() {
  const query = useSiteSettings();
  return (
    <AdminPage title={t.title} lead={t.lead}>
      <div className="grid items-start gap-8 xl:grid-cols-2">
        <Section id="site-heading" title={t.siteHeading} description={t.siteLead}>
          <QueryState query={query} />
          {query.data ? (
            <Card>
              <CardContent>
                <SiteSettingsForm key={JSON.stringify(query.data)} settings={query.data} />
              </CardContent>
            </Card>
          ) : null}
        </Section>
        <SupportMessages />
      </div>
    </AdminPage>
  );
}
