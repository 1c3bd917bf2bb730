import { accountMessages as m } from '#shared/accounts/messages.ts';
import { PageHeading } from '#web/components/page-heading.tsx';
import { Alert } from '#web/components/ui/alert.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '#web/components/ui/tabs.tsx';
import { usePageMeta } from '#web/lib/page-meta.ts';
import { useUser } from '#web/lib/session/get-user.ts';
import { useSearch } from 'wouter';
import { useTwoFactorStatus } from '#web/features/settings/api/two-factor.ts';
import { ChangeEmailCard } from '#web/features/settings/components/change-email-card.tsx';
import { ChangePasswordForm } from '#web/features/settings/components/change-password-form.tsx';
import { PasskeysCard } from '#web/features/settings/components/passkeys-card.tsx';
import { SessionsCard } from '#web/features/settings/components/sessions-card.tsx';
import { TwoFactorCard } from '#web/features/settings/components/two-factor-card.tsx';
import { LoginHistoryCard } from '#web/features/settings/components/login-history-card.tsx';
import { ProfileForm } from '#web/features/settings/components/profile-form.tsx';
import { StorageCard } from '#web/features/settings/components/storage-card.tsx';
import { settingsText as t, webhooksText } from '#web/features/settings/messages.ts';
import { apiTokensText } from '#web/features/settings/api-tokens-text.ts';
import { ApiTokensCard } from '#web/features/settings/components/api-tokens/api-tokens-card.tsx';
import { WebhooksCard } from '#web/features/settings/components/webhooks/webhooks-card.tsx';

function SecuritySettings() {
  return (
    <>
      <ChangePasswordForm />
      <TwoFactorCard />
      <PasskeysCard />
      <SessionsCard />
    </>
  );
}

function ProfileSettings() {
  const status = useTwoFactorStatus();
  return <ChangeEmailCard status={status.data} />;
}

export default function SettingsPage() {
  usePageMeta({ title: t.pageTitle });
  const { data: user } = useUser();
  // Links from security e-mails and the two-factor banner open the Security tab; `?tab=api` the API
  // one; the mail about a disabled webhook the Webhooks one.
  const asked = new URLSearchParams(useSearch()).get('tab');
  const tab = asked === 'security' || asked === 'api' || asked === 'webhooks' ? asked : 'profile';
  return (
    <div className="mx-auto max-w-3xl px-4 py-10 sm:px-6 sm:py-14">
      <PageHeading title={t.pageTitle} lead={t.pageLead} />
      {user ? (
        <Tabs defaultValue={tab} className="mt-8">
          <TabsList aria-label="Settings sections" className="max-w-lg">
            <TabsTrigger value="profile">{t.profileTab}</TabsTrigger>
            <TabsTrigger value="security">{t.securityTab}</TabsTrigger>
            <TabsTrigger value="api">{apiTokensText.tab}</TabsTrigger>
            <TabsTrigger value="webhooks">{webhooksText.tab}</TabsTrigger>
          </TabsList>
          <TabsContent value="profile" className="space-y-6">
            <ProfileForm key={`${user.id}:${user.email}`} user={user} />
            <ProfileSettings />
            <StorageCard />
          </TabsContent>
          <TabsContent value="security" className="space-y-6">
            <SecuritySettings />
            <LoginHistoryCard user={user} />
          </TabsContent>
          <TabsContent value="api" className="space-y-6">
            <ApiTokensCard />
          </TabsContent>
          <TabsContent value="webhooks" className="space-y-6">
            <WebhooksCard />
          </TabsContent>
        </Tabs>
      ) : (
        <Alert tone="info" className="mt-8">
          {m.settingsSignedOut}
        </Alert>
      )}
    </div>
  );
}
