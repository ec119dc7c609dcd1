// Permission level colours (docs/roles-and-permissions.md (Colours)): DELETE danger, UPDATE warning, WRITE creation, READ primary,
// anything else default.
import { specColours, type SpecColour } from '../../lib/spec-colours';

const levelSpecColours: Record<string, SpecColour> = { DELETE: 'danger', UPDATE: 'warning', WRITE: 'creation', READ: 'primary' };

/** The Mantine colour name for a permission level. */
export function levelColour(level: string): string {
  return specColours[levelSpecColours[level] ?? 'default'];
}
