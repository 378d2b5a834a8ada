import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { paths } from '../../../config/paths';
import { userNamesQuery } from '../api/user-record-queries';

/**
 * A user named in an admin screen (issue #29): their username, linked to their record. `ids` are
 * all the users the list names, so the names come in one request (shared by every row of the list);
 * until they arrive, a short id stands in. A screen that already has the username (a bet's
 * `challenger.username`, a trail's `people`) passes it as `name`, and nothing is fetched.
 */
export function UserLink({ userId, ids, name: known }: { userId: string; ids?: readonly string[]; name?: string | null }) {
  const { data: names } = useQuery({ ...userNamesQuery(ids ?? [userId]), enabled: !known });
  const name = known ?? names?.get(userId);
  return (
    <Link to={paths.adminUser.getHref(userId)} data-testid="admin-user-link">
      {name ?? `${userId.slice(0, 8)}…`}
    </Link>
  );
}
