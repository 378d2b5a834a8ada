import { useParams } from 'react-router-dom';
import { AdminPanel, DisputeReview, UserRecord } from '../../features/admin';

/** /admin: loaded on demand (React.lazy in router.tsx), so players never download the admin screens. */
export default function AdminRoute() {
  return <AdminPanel />;
}

/** /admin/disputes/:betId: one dispute's review page, in the admin chunk. */
export function AdminDisputeRoute() {
  const { betId = '' } = useParams();
  return <DisputeReview betId={betId} />;
}

/** /admin/users/:userId: one user's record (issue #29), in the admin chunk. */
export function AdminUserRoute() {
  const { userId = '' } = useParams();
  return <UserRecord userId={userId} />;
}
