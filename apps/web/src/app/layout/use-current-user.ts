// The layout's current-user fetch (spec §2 Current user): initials for the top bar, the "user" cache,
// and the alert of spec §8 when it fails.
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { currentUserQuery } from '../../features/account/api/get-current-user';
import { readUserCache, writeUserCache } from '../../session/user-cache';
import { usePermissions } from '../../session/use-permissions';

export function useCurrentUserInitialsSource(): { firstName: string; lastName: string } | null {
  const { data: user, error } = useQuery(currentUserQuery());
  const { names } = usePermissions();

  useEffect(() => {
    if (user) writeUserCache(user, names);
  }, [user, names]);

  useEffect(() => {
    if (!error) return;
    notifications.show({
      color: 'red',
      title: 'Account',
      message: `An error occurred while fetching account information: ${error.message}`,
    });
  }, [error]);

  return user ?? readUserCache();
}
