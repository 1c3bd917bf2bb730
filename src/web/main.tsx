import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from '#web/app.tsx';
import { reloadOnPreloadError } from '#web/lib/new-build.ts';
import { reportRecoverableError } from '#web/lib/render-errors.ts';
import { preloadPage } from '#web/routes.tsx';
import '#web/styles.css';

// zod, in the pages that validate forms, tries `new Function` once to compile faster parsers. The
// CSP forbids eval, so the attempt fails (zod copes) but is reported as a CSP violation on every
// such page. `jitless` skips the attempt; zod reads its settings from this global, so setting it
// here keeps zod itself out of the entry chunk.
const zodGlobal = globalThis as { __zod_globalConfig?: Record<string, unknown> };
zodGlobal.__zod_globalConfig = { ...zodGlobal.__zod_globalConfig, jitless: true };

reloadOnPreloadError();

const root = document.getElementById('root');
if (!root) throw new Error('index.html must contain <div id="root">');
const container = root;

// The page's code is usually here already (the server preloads it beside this file): waiting for
// it lets the first render show the page, instead of a loading state first and a second layout.
void preloadPage(window.location.pathname).then(() => {
  // As a transition the first render is done in slices that give the main thread back every few
  // milliseconds, instead of one long task a slow phone cannot answer input during.
  startTransition(() => {
    createRoot(container, { onRecoverableError: reportRecoverableError }).render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  });
});
