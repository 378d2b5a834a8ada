import { PoolsPage } from '../../features/pools';

/** /fpl-pools, loaded on demand (React.lazy in router.tsx): visitors see the log-in prompt. */
export default function FplPoolsRoute() {
  return <PoolsPage />;
}
