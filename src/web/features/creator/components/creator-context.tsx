import { createContext, useContext, type ReactNode } from 'react';
import { useUser } from '#web/lib/session/get-user.ts';
import { useSiteOrigin } from '../api/get-site-settings.ts';
import { useCreatorActions } from '../hooks/use-creator-actions.ts';
import { useCreatorState } from '../hooks/use-creator-state.ts';
import { useDownloadMode } from '../hooks/use-download-mode.ts';

function useCreatorValue() {
  const { data: user, isPending: userPending } = useUser();
  const { origin, host } = useSiteOrigin();
  const download = useDownloadMode();
  const state = useCreatorState(origin, download);
  const actions = useCreatorActions(state, host);
  return { ...state, ...actions, download, origin, host, user: user ?? null, userPending };
}

export type Creator = ReturnType<typeof useCreatorValue>;

const CreatorContext = createContext<Creator | null>(null);

export function CreatorProvider({ children }: { children: ReactNode }) {
  return <CreatorContext.Provider value={useCreatorValue()}>{children}</CreatorContext.Provider>;
}

export function useCreator(): Creator {
  const value = useContext(CreatorContext);
  if (!value) throw new Error('useCreator outside CreatorProvider');
  return value;
}
