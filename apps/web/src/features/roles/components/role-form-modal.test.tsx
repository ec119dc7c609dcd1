import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../testing/render';
import { RoleFormModal } from './role-form-modal';

describe('RoleFormModal', () => {
  it('shows a description holding a hidden character as the Description field’s error, not the Name’s', async () => {
    renderWithProviders(<RoleFormModal opened onClose={() => {}} />);
    fireEvent.change(screen.getByLabelText(/^Name/), { target: { value: 'Reader' } });
    fireEvent.change(screen.getByLabelText('Description'), { target: { value: 'Reads \u202elogs' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    const message = 'Description cannot contain control, invisible or direction characters (U+202E)';
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(screen.getByLabelText('Description')).toHaveAccessibleDescription(message);
    expect(screen.getByLabelText(/^Name/)).not.toHaveAttribute('aria-invalid', 'true');
  });
});
