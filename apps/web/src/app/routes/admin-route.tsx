import { lazy, Suspense } from 'react';
import { NotFoundState } from '@/components/domain/not-found-state';
import { FullPageLoader } from '@/components/ui/full-page-loader';
import { paths } from '@/config/paths';
import { useMe } from '@/features/auth/api/get-me';

const AdminPage = lazy(() => import('@/features/admin/pages/admin-page'));

/**
 * /admin: the admin screen for an administrator of the instance; anyone else sees the app's "not
 * found" (the screen's code is not even loaded for them, and the server refuses its calls anyway).
 */
export default function AdminRoute() {
  const { user } = useMe();
  if (!user?.isAdmin) {
    return <NotFoundState title="Page not found" description="The page you asked for does not exist." backTo={{ href: paths.home.href(), label: 'Back to Todos' }} />;
  }
  return (
    <Suspense fallback={<FullPageLoader fill="area" label="Loading..." />}>
      <AdminPage currentUserId={user._id} />
    </Suspense>
  );
}
