import { QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { ScrollToTop } from '#web/components/scroll-to-top.tsx';
import { SessionWatcher } from '#web/components/session-watcher.tsx';
import { LazyToaster } from '#web/components/ui/lazy-toaster.tsx';
import { usePageViews } from '#web/lib/analytics.ts';
import { createQueryClient } from '#web/lib/query-client.ts';
import { seedSignedOutUser } from '#web/lib/session/get-user.ts';
import { AppRoutes } from '#web/routes.tsx';

function startQueryClient() {
  const queryClient = createQueryClient();
  seedSignedOutUser(queryClient);
  return queryClient;
}

export function App() {
  const [queryClient] = useState(startQueryClient);
  usePageViews();
  return (
    <QueryClientProvider client={queryClient}>
      <ScrollToTop />
      <SessionWatcher />
      <AppRoutes />
      <LazyToaster />
    </QueryClientProvider>
  );
}
