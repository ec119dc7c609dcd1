// The layout's current-user fetch (docs/screens.md (Current user)): initials for the top bar, the "user" cache,
// and the alert of docs/api.md (Account errors) when it fails.
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { accountQueries } from '../../features/account/api/account-api';
import { isApiError } from '../../lib/api-client';
import { readUserCache, writeUserCache } from '../../session/user-cache';
import { usePermissions } from '../../session/use-permissions';

export function useCurrentUserInitialsSource(): { firstName: string; lastName: string } | null {
  const { data: user, error } = useQuery(accountQueries.currentUser());
  const { names } = usePermissions();

  useEffect(() => {
    if (user) writeUserCache(user, names);
  }, [user, names]);

  useEffect(() => {
    if (!error) return;
    notifications.show({
      color: 'red',
      title: 'Account',
      // An error answer reads "Failed to fetch user info" (docs/api.md (Account errors)); no answer keeps the browser's reason.
      message: `An error occurred while fetching account information: ${isApiError(error) ? 'Failed to fetch user info' : error.message}`,
    });
  }, [error]);

  return user ?? readUserCache();
}
