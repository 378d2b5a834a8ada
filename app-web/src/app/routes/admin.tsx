import { AdminPanel } from '../../features/admin/components/admin-panel';

/** /admin: loaded on demand (React.lazy in router.tsx), so players never download the admin screens. */
export default function AdminRoute() {
  return <AdminPanel />;
}
