import { useParams } from 'react-router-dom';
import { AdminPanel, DisputeReview } from '../../features/admin';

/** /admin: loaded on demand (React.lazy in router.tsx), so players never download the admin screens. */
export default function AdminRoute() {
  return <AdminPanel />;
}

/** /admin/disputes/:betId: one dispute's review page, in the admin chunk. */
export function AdminDisputeRoute() {
  const { betId = '' } = useParams();
  return <DisputeReview betId={betId} />;
}
