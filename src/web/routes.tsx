import { Suspense, type ComponentType } from 'react';
import { Redirect, Route, Switch } from 'wouter';
import { ProtectedRoute } from '#web/components/route-guards.tsx';
import { LoadingState } from '#web/components/ui/spinner.tsx';
import { lazyPage, type Page } from '#web/lib/lazy-page.tsx';
import { reloadingOnMissingChunk } from '#web/lib/new-build.ts';
import { PublicLayout } from '#web/layouts/public-layout.tsx';

type Access = 'public' | 'protected';

const loadQueryProvider = reloadingOnMissingChunk(() => import('#web/lib/query-provider.tsx'));

/**
 * Pages use the query client unless marked `noQueries`: its code then loads beside the page's,
 * and the page renders inside its provider. A `noQueries` page (the home and information pages,
 * which ask the server nothing; the verification and sign-in pages, whose requests load the query
 * client on first use, lib/light-request.ts) must not use the query hooks, nor anything it renders
 * but a part loaded `withQueries`: `scripts/vite-route-preload.test.ts` walks their imports to hold
 * them to that.
 */
function page(loadChunk: () => Promise<{ default: ComponentType }>, { bare = false } = {}): Page {
  return lazyPage(reloadingOnMissingChunk(loadChunk), bare ? null : loadQueryProvider);
}

const noQueries = { bare: true };
const CreateSignaturePage = page(() => import('#web/features/creator/pages/create-signature-page.tsx'));

/** The route table. Every page is its own chunk, loaded when first visited. */
const siteRoutes: Array<{ path: string; page: Page; access: Access }> = [
  {
    path: '/',
    page: page(() => import('#web/features/home/pages/home-page.tsx'), noQueries),
    access: 'public',
  },
  { path: '/create', page: CreateSignaturePage, access: 'public' },
  { path: '/signature', page: CreateSignaturePage, access: 'public' },
  {
    path: '/verify-signature',
    page: page(() => import('#web/features/verification/pages/verify-signature-page.tsx'), noQueries),
    access: 'public',
  },
  {
    path: '/auth',
    page: page(() => import('#web/features/auth/pages/auth-page.tsx'), noQueries),
    access: 'public',
  },
  {
    path: '/reset-password',
    page: page(() => import('#web/features/auth/pages/reset-password-page.tsx')),
    access: 'public',
  },
  {
    path: '/about',
    page: page(() => import('#web/features/info/pages/about-page.tsx'), noQueries),
    access: 'public',
  },
  {
    path: '/use-cases',
    page: page(() => import('#web/features/info/pages/use-cases-page.tsx'), noQueries),
    access: 'public',
  },
  {
    path: '/terms',
    page: page(() => import('#web/features/info/pages/terms-page.tsx'), noQueries),
    access: 'public',
  },
  {
    path: '/privacy',
    page: page(() => import('#web/features/info/pages/privacy-page.tsx'), noQueries),
    access: 'public',
  },
  {
    path: '/temp-download',
    page: page(() => import('#web/features/info/pages/temp-download-page.tsx')),
    access: 'public',
  },
  { path: '/blog', page: page(() => import('#web/features/blog/pages/blog-page.tsx')), access: 'public' },
  {
    path: '/blog/:slug',
    page: page(() => import('#web/features/blog/pages/blog-post-page.tsx')),
    access: 'public',
  },
  {
    path: '/dashboard',
    page: page(() => import('#web/features/dashboard/pages/dashboard-page.tsx')),
    access: 'protected',
  },
  {
    path: '/documents',
    page: page(() => import('#web/features/documents/pages/documents-page.tsx')),
    access: 'protected',
  },
  {
    path: '/documents/:id',
    page: page(() => import('#web/features/documents/pages/document-detail-page.tsx')),
    access: 'protected',
  },
  {
    path: '/documents/:id/request',
    page: page(() => import('#web/features/requests/pages/request-signatures-page.tsx')),
    access: 'protected',
  },
  {
    path: '/sign-document/:id',
    page: page(() => import('#web/features/documents/pages/sign-document-page.tsx')),
    access: 'protected',
  },
  {
    path: '/my-signatures',
    page: page(() => import('#web/features/signatures/pages/my-signatures-page.tsx')),
    access: 'protected',
  },
  {
    path: '/settings',
    page: page(() => import('#web/features/settings/pages/settings-page.tsx')),
    access: 'protected',
  },
  // The document app's screens, and the public page behind a share link.
  {
    path: '/templates',
    page: page(() => import('#web/features/templates/pages/templates-page.tsx')),
    access: 'protected',
  },
  {
    path: '/templates/:id',
    page: page(() => import('#web/features/templates/pages/template-editor-page.tsx')),
    access: 'protected',
  },
  {
    path: '/templates/:id/use',
    page: page(() => import('#web/features/templates/pages/use-template-page.tsx')),
    access: 'protected',
  },
  {
    path: '/templates/:id/bulk',
    page: page(() => import('#web/features/bulk/pages/bulk-send-page.tsx')),
    access: 'protected',
  },
  {
    path: '/bulk/:id',
    page: page(() => import('#web/features/bulk/pages/bulk-progress-page.tsx')),
    access: 'protected',
  },
  {
    path: '/team',
    page: page(() => import('#web/features/dashboard/pages/team-page.tsx')),
    access: 'protected',
  },
  {
    path: '/support',
    page: page(() => import('#web/features/dashboard/pages/support-page.tsx')),
    access: 'public',
  },
  {
    path: '/signatures',
    page: page(() => import('#web/features/dashboard/pages/signatures-redirect-page.tsx')),
    access: 'public',
  },
  {
    path: '/shared/:token',
    page: page(() => import('#web/features/documents/pages/shared-document-page.tsx')),
    access: 'public',
  },
  // A recipient's signing link: no account, its own chunk.
  {
    path: '/sign/:token',
    page: page(() => import('#web/features/sign/pages/sign-page.tsx')),
    access: 'public',
  },
  // A template's public signing link: any visitor, no account.
  {
    path: '/d/:slug',
    page: page(() => import('#web/features/direct-link/pages/direct-link-page.tsx')),
    access: 'public',
  },
  {
    path: '/templates/:id/link',
    page: page(() => import('#web/features/direct-link/pages/link-settings-page.tsx')),
    access: 'protected',
  },
];

const routePattern = (path: string) => new RegExp(`^${path.replace(/:\w+/g, '[^/]+')}/?$`);
const sitePatterns = siteRoutes.map((route) => ({ pattern: routePattern(route.path), page: route.page }));

/**
 * Loads the code of the page at `pathname` (the server has usually preloaded it with the entry),
 * so the first render shows the page at once instead of a loading state and then the page.
 */
export function preloadPage(pathname: string): Promise<unknown> {
  const match = sitePatterns.find((route) => route.pattern.test(pathname));
  return match ? match.page.load().catch(() => undefined) : Promise.resolve();
}

const NotFoundPage = page(() => import('#web/features/not-found/pages/not-found-page.tsx'));
// The admin frame and its menu load only when an /admin path is opened.
const AdminArea = page(() => import('#web/admin-area.tsx'));

function SiteArea() {
  return (
    <PublicLayout>
      <Switch>
        {/* The signing screen without a document: the list to pick one from. */}
        <Route path="/sign-document">
          <Redirect to="/documents" replace />
        </Route>
        {siteRoutes.map(({ path, page: SitePage, access }) => (
          <Route key={path} path={path}>
            {access === 'protected' ? (
              <ProtectedRoute>
                <SitePage />
              </ProtectedRoute>
            ) : (
              <SitePage />
            )}
          </Route>
        ))}
        <Route component={NotFoundPage} />
      </Switch>
    </PublicLayout>
  );
}

export function AppRoutes() {
  return (
    <Switch>
      <Route path="/admin/environment-settings">
        <Redirect to="/admin/email-settings" replace />
      </Route>
      {/* The public blog links admins here; the editor itself lives in the admin frame. */}
      <Route path="/blog/new">
        <Redirect to="/admin/blog/new" replace />
      </Route>
      <Route path="/blog/edit/:id">
        {(params) => <Redirect to={`/admin/blog/edit/${encodeURIComponent(params.id)}`} replace />}
      </Route>
      <Route path="/admin/*?">
        <Suspense fallback={<LoadingState fullScreen />}>
          <AdminArea />
        </Suspense>
      </Route>
      <Route component={SiteArea} />
    </Switch>
  );
}
