import { QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { ScrollToTop } from '#web/components/scroll-to-top.tsx';
import { SessionWatcher } from '#web/components/session-watcher.tsx';
import { Toaster } from '#web/components/ui/toaster.tsx';
import { createQueryClient } from '#web/lib/query-client.ts';
import { AppRoutes } from '#web/routes.tsx';

export function App() {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <ScrollToTop />
      <SessionWatcher />
      <AppRoutes />
      <Toaster />
    </QueryClientProvider>
  );
}
