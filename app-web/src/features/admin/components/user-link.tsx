import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { paths } from '../../../config/paths';
import { userNamesQuery } from '../api/user-record-queries';

/**
 * A user named in an admin screen (issue #29): their username, linked to their record. `ids` are
 * all the users the list names, so the names come in one request (shared by every row of the list);
 * until they arrive, a short id stands in.
 */
export function UserLink({ userId, ids }: { userId: string; ids: readonly string[] }) {
  const { data: names } = useQuery(userNamesQuery(ids));
  const name = names?.get(userId);
  return (
    <Link to={paths.adminUser.getHref(userId)} data-testid="admin-user-link">
      {name ?? `${userId.slice(0, 8)}…`}
    </Link>
  );
}
