import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { Redirect, Route, Switch } from 'wouter';
import { AdminRoute } from '#web/components/route-guards.tsx';
import { AdminLayout } from '#web/layouts/admin-layout.tsx';
import { reloadingOnMissingChunk } from '#web/lib/new-build.ts';

type Page = LazyExoticComponent<ComponentType>;

const page = (load: () => Promise<{ default: ComponentType }>): Page => lazy(reloadingOnMissingChunk(load));

const NotFoundPage = page(() => import('#web/features/not-found/pages/not-found-page.tsx'));

/** The admin pages, each its own chunk, inside the admin guard and frame. */
const adminRoutes: Array<{ path: string; page: Page }> = [
  { path: '/admin/dashboard', page: page(() => import('#web/features/admin/pages/dashboard-page.tsx')) },
  { path: '/admin/users', page: page(() => import('#web/features/admin/pages/users-page.tsx')) },
  { path: '/admin/activities', page: page(() => import('#web/features/admin/pages/activities-page.tsx')) },
  {
    path: '/admin/email-settings',
    page: page(() => import('#web/features/admin/pages/email-settings-page.tsx')),
  },
  {
    path: '/admin/security-settings',
    page: page(() => import('#web/features/admin/pages/security-settings-page.tsx')),
  },
  // the blog's admin pages belong to the blog feature (its requests and messages)
  {
    path: '/admin/blog',
    page: page(() => import('#web/features/blog/admin/pages/admin-blog-list-page.tsx')),
  },
  {
    path: '/admin/blog/new',
    page: page(() =>
      import('#web/features/blog/admin/pages/admin-blog-editor-page.tsx').then((m) => ({
        default: m.NewPostPage,
      })),
    ),
  },
  {
    path: '/admin/blog/edit/:id',
    page: page(() =>
      import('#web/features/blog/admin/pages/admin-blog-editor-page.tsx').then((m) => ({
        default: m.EditPostPage,
      })),
    ),
  },
  { path: '/admin/reports', page: page(() => import('#web/features/admin/pages/reports-page.tsx')) },
  { path: '/admin/debug', page: page(() => import('#web/features/admin/pages/debug-page.tsx')) },
  {
    path: '/admin/debug-settings',
    page: page(() => import('#web/features/admin/pages/debug-settings-page.tsx')),
  },
  { path: '/admin/ip-tracking', page: page(() => import('#web/features/admin/pages/ip-tracking-page.tsx')) },
  { path: '/admin/signatures', page: page(() => import('#web/features/admin/pages/signatures-page.tsx')) },
  { path: '/admin/settings', page: page(() => import('#web/features/admin/pages/settings-page.tsx')) },
];

export default function AdminArea() {
  return (
    <AdminRoute>
      <AdminLayout>
        <Switch>
          {adminRoutes.map(({ path, page: AdminPage }) => (
            <Route key={path} path={path} component={AdminPage} />
          ))}
          <Route path="/admin">
            <Redirect to="/admin/dashboard" replace />
          </Route>
          <Route component={NotFoundPage} />
        </Switch>
      </AdminLayout>
    </AdminRoute>
  );
}
