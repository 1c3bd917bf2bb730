import { AdminPagePlaceholder } from '#web/features/admin/components/admin-page-placeholder.tsx';

export default function AdminEmailSettingsPage() {
  return (
    <AdminPagePlaceholder
      title="Email & Server Settings"
      purpose="Configure the SMTP server and the sender address used for account e-mails."
    />
  );
}
