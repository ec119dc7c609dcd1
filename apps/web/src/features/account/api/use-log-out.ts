// Ends the session: after the server agrees, this tab forgets the user and every cached answer, and goes
// to Login. A failure leaves everything as it was; the caller shows the alert (docs/api.md (Logout errors)).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { paths } from '../../../config/paths';
import { forgetSession } from '../../../session/end-session';
import { logOut } from './account-api';

export function useLogOut() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: logOut,
    onSuccess: () => {
      forgetSession();
      queryClient.clear();
      void navigate(paths.login);
    },
  });
}
