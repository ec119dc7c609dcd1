// The sign-in form (docs/screens.md (Login), docs/data-model.md (Validation rules), docs/api.md (Login errors)): username, password, Remember me; the error below the form.
import { Alert, Button, Checkbox, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { isApiError } from '../../../lib/api-client';
import { useLogIn } from '../api/use-log-in';

export function LoginForm({ onSubmit, onSuccess }: { onSubmit?: () => void; onSuccess: () => void }) {
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [rememberMe, setRememberMe] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const logIn = useLogIn();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    onSubmit?.();
    logIn.mutate(
      { username, password, rememberMe },
      {
        onSuccess,
        onError: (failure) => setError(isApiError(failure) ? 'Invalid username or password.' : 'An error occurred'),
      },
    );
  };

  return (
    <form onSubmit={submit} aria-label="Login">
      <Stack gap="md">
        <TextInput
          label="Username"
          placeholder="Enter your username"
          required
          autoComplete="username"
          value={username}
          onChange={(event) => setUsername(event.currentTarget.value)}
        />
        <PasswordInput
          label="Password"
          placeholder="Enter your password"
          required
          autoComplete="current-password"
          value={password}
          onChange={(event) => setPassword(event.currentTarget.value)}
        />
        <Checkbox label="Remember me" checked={rememberMe} onChange={(event) => setRememberMe(event.currentTarget.checked)} />
        <Button type="submit" loading={logIn.isPending} fullWidth>
          Login
        </Button>
        {error && (
          <Alert color="red" role="alert" variant="light">
            {error}
          </Alert>
        )}
      </Stack>
    </form>
  );
}
