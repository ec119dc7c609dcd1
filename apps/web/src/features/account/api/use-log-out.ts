// Ends the session: after the server agrees, this tab forgets the user and every cached answer, and goes
// to Login (through the identity provider's end-session page for an SSO account). A failure leaves everything as it was; the caller shows the alert (docs/api.md (Logout errors)).
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
    onSuccess: (answer) => {
      forgetSession();
      queryClient.clear();
      // A single sign-on account also signs out at the identity provider, which comes back to Login.
      if (answer?.endSessionUrl) window.location.assign(answer.endSessionUrl);
      else void navigate(paths.login);
    },
  });
}
