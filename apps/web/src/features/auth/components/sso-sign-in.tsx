// "Sign in with {display name}" above the local form when the server has single sign-on (docs/sso.md), and
// the reason single sign-on sent the browser back here, if it did. The button is a plain link: the server
// redirects to the identity provider, which comes back to the server, which comes back to "/" or here.
import { Alert, Button, Divider, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { getSsoStatus, ssoLoginUrl } from '../api/sso-api';
import { ssoMessage } from '../sso-messages';

export function SsoSignIn() {
  const [params] = useSearchParams();
  // Without an answer (an older server, an outage) the page is the local form alone.
  const status = useQuery({ queryKey: ['auth', 'oidc'], queryFn: getSsoStatus, staleTime: Infinity });
  const message = ssoMessage(params.get('sso'));
  const configured = status.data?.configured === true;
  if (!configured && !message) return null;
  return (
    <Stack gap="md">
      {message && (
        <Alert color="red" role="alert" variant="light">
          {message}
        </Alert>
      )}
      {configured && (
        <>
          <Button component="a" href={ssoLoginUrl()} variant="default" fullWidth>
            Sign in with {status.data?.displayName}
          </Button>
          <Divider label="or" labelPosition="center" />
        </>
      )}
    </Stack>
  );
}
