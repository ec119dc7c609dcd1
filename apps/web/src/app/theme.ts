// Mantine theme: the primary colour is the spec's "primary" (spec §6 Colours, lib/spec-colours.ts). Filled
// colours use shade 8 and pick black or white text by luminance, so every filled button, badge and link meets
// WCAG AA contrast; modal and drawer × buttons are named (docs/operator-screen.md "Accessibility").
import { createTheme, Drawer, Modal } from '@mantine/core';
import { specColours } from '../lib/spec-colours';

const closeButtonProps = { 'aria-label': 'Close' };

export const theme = createTheme({
  primaryColor: specColours.primary,
  primaryShade: 8,
  autoContrast: true,
  // White text below this luminance, black above: both then reach 4.5:1 (the crossover is at about 0.18).
  luminanceThreshold: 0.18,
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
  components: {
    Modal: Modal.extend({ defaultProps: { closeButtonProps } }),
    Drawer: Drawer.extend({ defaultProps: { closeButtonProps } }),
  },
});
