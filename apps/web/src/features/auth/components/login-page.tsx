// Login (docs/screens.md (Login)): logo, "Battery Probe Monitor Login", single sign-on when configured (docs/sso.md), the form; an existing session goes straight to "/".
import { productName } from '@bpm/protocol';
import { Center, Image, Paper, Stack, Title } from '@mantine/core';
import { useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
// Inlined in the bundle: during an outage a page already loaded still shows it (no request to a server that is down).
import logoUrl from '../../../assets/logo.svg?inline';
import { pathAfterSignIn } from '../../../config/paths';
import { forgetSession } from '../../../session/end-session';
import { isSignedIn } from '../../../session/login-status';
import { LoginForm } from './login-form';
import { SsoSignIn } from './sso-sign-in';

/**
 * `onSigningIn` runs when Login is clicked, so the app can fetch the signed-in screens while the sign-in is answered;
 * `onSignedIn` when the sign-in is answered, before the navigation to "/" (or to `?next=`).
 */
export function LoginPage({
  onSigningIn,
  onSignedIn,
}: {
  /** Told the page the sign-in will land on, so that its chunk can come too. */
  onSigningIn?: (target: string) => void;
  onSignedIn?: () => void;
}) {
  const navigate = useNavigate();
  // The page the guard sent the user here from (`?next=`), or "/" (docs/screens.md (Login)).
  const [params] = useSearchParams();
  const target = pathAfterSignIn(params.get('next'));

  useEffect(() => {
    let isCurrent = true;
    isSignedIn()
      .then((signedIn) => {
        if (signedIn && isCurrent) void navigate(target);
      })
      // A failed status check is logged only (docs/api.md (Login errors)).
      .catch((error: unknown) => console.error('Login status check failed', error));
    return () => {
      isCurrent = false;
    };
  }, [navigate, target]);

  const onSuccess = () => {
    // A new sign-in may be another user: drop the previous one's cached name and permissions.
    forgetSession();
    onSignedIn?.();
    void navigate(target);
  };

  return (
    <Center mih="100vh" p="md" bg="var(--mantine-color-gray-0)">
      <Paper withBorder shadow="sm" p="xl" radius="md" w="100%" maw={400}>
        <Stack gap="lg">
          <Stack align="center" gap="xs">
            <Image src={logoUrl} alt="Battery Probe Monitor logo" w={72} h={72} fit="contain" />
            <Title order={1} size="h3" ta="center">
              {productName} Login
            </Title>
          </Stack>
          <SsoSignIn />
          <LoginForm onSubmit={() => onSigningIn?.(target)} onSuccess={onSuccess} />
        </Stack>
      </Paper>
    </Center>
  );
}
