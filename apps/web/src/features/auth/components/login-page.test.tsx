import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, stubFetch } from '../../../testing/fetch-routes';
import { renderWithProviders } from '../../../testing/render';
import { LoginPage } from './login-page';

afterEach(() => {
  vi.unstubAllGlobals();
});

async function signIn(username: string, password: string, remember = false) {
  const user = userEvent.setup({ delay: null });
  fireEvent.change(screen.getByLabelText(/^Username/), { target: { value: username } });
  fireEvent.change(screen.getByLabelText(/^Password/), { target: { value: password } });
  if (remember) await user.click(screen.getByLabelText('Remember me'));
  await user.click(screen.getByRole('button', { name: 'Login' }));
}

describe('LoginPage', () => {
  it('offers "Sign in with {display name}" above the form when single sign-on is configured', async () => {
    stubFetch({ 'GET /login': json({}, 401), 'GET /auth/oidc': json({ configured: true, displayName: 'Plant account' }) });
    renderWithProviders(<LoginPage />, { route: '/login' });
    const button = await screen.findByRole('link', { name: 'Sign in with Plant account' });
    expect(button).toHaveAttribute('href', expect.stringMatching(/\/api\/auth\/oidc\/login$/));
    expect(button.compareDocumentPosition(screen.getByLabelText(/^Username/)) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('has no single sign-on button when it is not configured, and says why single sign-on sent the user back', async () => {
    const fetched = stubFetch({ 'GET /login': json({}, 401), 'GET /auth/oidc': json({ configured: false, displayName: null }) });
    renderWithProviders(<LoginPage />, { route: '/login?sso=unavailable' });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Single sign-on is not available right now. Sign in with a BPM account.',
    );
    await waitFor(() => expect(fetched.count('GET /auth/oidc')).toBe(1));
    expect(screen.queryByRole('link', { name: /Sign in with/ })).not.toBeInTheDocument();
  });

  it('shows the logo, the heading and the placeholders', () => {
    stubFetch({ 'GET /login': json({}, 401) });
    renderWithProviders(<LoginPage />, { route: '/login' });
    expect(screen.getByRole('img', { name: 'Battery Probe Monitor logo' })).toHaveAttribute('src');
    expect(screen.getByRole('heading', { name: 'Battery Probe Monitor Login' })).toBeInTheDocument();
    expect(screen.getByPlaceholderText('Enter your username')).toBeRequired();
    expect(screen.getByPlaceholderText('Enter your password')).toBeRequired();
  });

  it('goes to "/" when a session already exists', async () => {
    stubFetch({ 'GET /login': json({}) });
    const { router } = renderWithProviders(<LoginPage />, { route: '/login' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('signs in with rememberMe and goes to "/"', async () => {
    const fetched = stubFetch({ 'GET /login': json({}, 401), 'POST /login': json({}) });
    const { router } = renderWithProviders(<LoginPage />, { route: '/login' });
    await signIn('ada', 'secret-password', true);
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    const sent = fetched.calls.find((call) => call.key === 'POST /login');
    expect(JSON.parse(String(sent?.init?.body))).toEqual({ username: 'ada', password: 'secret-password', rememberMe: true });
  });

  it('tells the app when Login is clicked, before the sign-in is answered (so it can fetch the next screens)', async () => {
    stubFetch({ 'GET /login': json({}, 401), 'POST /login': () => new Promise<Response>(() => undefined) });
    const onSigningIn = vi.fn();
    renderWithProviders(<LoginPage onSigningIn={onSigningIn} />, { route: '/login' });
    expect(onSigningIn).not.toHaveBeenCalled();
    await signIn('ada', 'secret-password');
    expect(onSigningIn).toHaveBeenCalledTimes(1);
  });

  it('tells the app when the sign-in is answered (so it can open the live feed)', async () => {
    stubFetch({ 'GET /login': json({}, 401), 'POST /login': json({}) });
    const onSignedIn = vi.fn();
    const { router } = renderWithProviders(<LoginPage onSignedIn={onSignedIn} />, { route: '/login' });
    await signIn('ada', 'secret-password');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(onSignedIn).toHaveBeenCalledTimes(1);
  });

  it('does not tell the app signed in when the server refuses', async () => {
    stubFetch({ 'GET /login': json({}, 401), 'POST /login': json({ message: 'Invalid username or password' }, 401) });
    const onSignedIn = vi.fn();
    renderWithProviders(<LoginPage onSignedIn={onSignedIn} />, { route: '/login' });
    await signIn('ada', 'wrong');
    await screen.findByText('Invalid username or password.');
    expect(onSignedIn).not.toHaveBeenCalled();
  });

  it('says "Invalid username or password." when the server refuses', async () => {
    stubFetch({ 'GET /login': json({}, 401), 'POST /login': json({ message: 'Invalid username or password' }, 401) });
    renderWithProviders(<LoginPage />, { route: '/login' });
    await signIn('ada', 'wrong');
    expect(await screen.findByText('Invalid username or password.')).toBeInTheDocument();
  });

  it('says "An error occurred" when the request fails', async () => {
    stubFetch({ 'GET /login': json({}, 401), 'POST /login': new TypeError('Failed to fetch') });
    renderWithProviders(<LoginPage />, { route: '/login' });
    await signIn('ada', 'secret-password');
    expect(await screen.findByText('An error occurred')).toBeInTheDocument();
  });
});
