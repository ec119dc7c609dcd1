import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, stubFetch } from '../../../testing/fetch-routes';
import { renderWithProviders } from '../../../testing/render';
import { ChangePasswordModal } from './change-password-modal';

afterEach(() => {
  vi.unstubAllGlobals();
});

async function fillAndSubmit(newPassword = 'new-password-1', confirmation = newPassword) {
  const user = userEvent.setup({ delay: null });
  const dialog = await screen.findByRole('dialog', { name: 'Update your password' });
  expect(within(dialog).getByText('Enter your current password and a new password')).toBeInTheDocument();
  fireEvent.change(within(dialog).getByLabelText(/^Current Password/), { target: { value: 'old-password' } });
  fireEvent.change(within(dialog).getByLabelText(/^New Password/), { target: { value: newPassword } });
  fireEvent.change(within(dialog).getByLabelText(/^Confirm New Password/), { target: { value: confirmation } });
  await user.click(within(dialog).getByRole('button', { name: 'Submit' }));
  return dialog;
}

describe('ChangePasswordModal', () => {
  it('refuses mismatched new passwords without a request', async () => {
    const fetched = stubFetch({});
    renderWithProviders(<ChangePasswordModal opened onClose={() => {}} />);
    const dialog = await fillAndSubmit('new-password-1', 'new-password-2');
    expect(within(dialog).getByText('Error: New passwords do not match')).toBeInTheDocument();
    expect(fetched.calls).toHaveLength(0);
  });

  it('sends the current and new password and says "Password changed successfully!"', async () => {
    const fetched = stubFetch({ 'PUT /users/change-password/@me': new Response(null, { status: 204 }) });
    renderWithProviders(<ChangePasswordModal opened onClose={() => {}} />);
    const dialog = await fillAndSubmit();
    expect(await within(dialog).findByText('Password changed successfully!')).toBeInTheDocument();
    expect(JSON.parse(String(fetched.calls[0]?.init?.body))).toEqual({
      currentPassword: 'old-password',
      newPassword: 'new-password-1',
    });
  });

  it.each([
    [400, 'Error: Bad request, please try again.'],
    [401, 'Error: Current password is incorrect.'],
    [500, 'Error: Password could not be updated, please try again later.'],
    [429, 'Error: Unknown error occurred, please try again later.'],
  ])('answers status %i with "%s"', async (status, message) => {
    stubFetch({ 'PUT /users/change-password/@me': json({ message: 'x' }, status) });
    renderWithProviders(<ChangePasswordModal opened onClose={() => {}} />);
    const dialog = await fillAndSubmit();
    expect(await within(dialog).findByText(message)).toBeInTheDocument();
  });

  it('treats a network failure as an unknown error', async () => {
    stubFetch({ 'PUT /users/change-password/@me': new TypeError('Failed to fetch') });
    renderWithProviders(<ChangePasswordModal opened onClose={() => {}} />);
    const dialog = await fillAndSubmit();
    expect(await within(dialog).findByText('Error: Unknown error occurred, please try again later.')).toBeInTheDocument();
  });
});
