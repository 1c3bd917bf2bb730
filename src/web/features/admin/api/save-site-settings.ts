import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SiteSettingsInput } from '#shared/admin/schemas.ts';
import { api } from '#web/lib/api.ts';
import { refreshSiteSettings } from '#web/lib/site.ts';
import { adminKeys } from '#web/features/admin/api/keys.ts';
import type { SiteSettings } from '#shared/admin/answers.ts';

export const saveSiteSettings = (input: SiteSettingsInput) =>
  api.put<SiteSettings>('/api/admin/settings', input);

export function useSaveSiteSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveSiteSettings,
    onSuccess: (saved) => {
      queryClient.setQueryData(adminKeys.siteSettings, saved);
      // the header, footer and page titles read the public settings: the new name shows at once
      void refreshSiteSettings();
    },
  });
}
