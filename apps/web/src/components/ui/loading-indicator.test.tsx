// A named spinner is valid ARIA (docs/operator-screen.md (Accessibility)): axe found the bare Loader's name prohibited.
import { screen } from '@testing-library/react';
import axe from 'axe-core';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../testing/render';
import { LoadingIndicator } from './loading-indicator';

describe('LoadingIndicator', () => {
  it('is a progressbar named by its label, with no ARIA violation', async () => {
    const { container } = renderWithProviders(<LoadingIndicator label="Loading battery pack" />);
    expect(screen.getByRole('progressbar', { name: 'Loading battery pack' })).toBeTruthy();
    const results = await axe.run(container, { runOnly: ['aria-prohibited-attr', 'aria-progressbar-name', 'aria-allowed-attr'] });
    expect(results.violations.map((v) => v.id)).toEqual([]);
  });
});
