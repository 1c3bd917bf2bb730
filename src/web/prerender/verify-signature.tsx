import { renderToString } from 'react-dom/server';
import { Router } from 'wouter';
import { App } from '#web/app.tsx';
import { site, siteSettings } from '#web/lib/site.ts';
import { currentUser } from '#web/lib/session/get-user.ts';
import { preloadPage } from '#web/routes.tsx';

const PATH = '/verify-signature';

export interface PrerenderVariant {
  /** The request carried no session cookie: the header shows Help and Get Started. */
  signedOut: boolean;
  /** The address names nothing to look up: the page says "No signature ID found". */
  idle: boolean;
  /** The product's name, or a placeholder the server replaces with the admin's (escaped). */
  siteName: string;
}

/**
 * The verification page's first render as HTML, rendered at build time (scripts/prerender.mjs)
 * with the app's own components, so the page paints before its script runs (decision 036).
 */
export async function renderVerifyPage(variant: PrerenderVariant): Promise<string> {
  await preloadPage(PATH);
  // Without a session cookie the app starts signed out; with one it waits for GET /api/user.
  // (The store cannot go back to pending: the build renders the signed-in variants first.)
  if (variant.signedOut) currentUser.set(null);
  else if (currentUser.get().status !== 'pending') throw new Error('render the signed-in variants first');
  // The stores hold what the client's first render reads: the head's site name, the default links.
  siteSettings.set({
    siteName: variant.siteName,
    publicUrl: '',
    privacyPolicyUrl: site.privacyPolicyHref,
    sisterProducts: [...site.sisterProducts],
    analyticsScriptUrl: null,
  });
  return renderToString(
    // "?document" stands for any address that names something to check (?ref=, ?id=, ?document=).
    <Router ssrPath={PATH} ssrSearch={variant.idle ? '' : 'document'}>
      <App />
    </Router>,
  );
}
