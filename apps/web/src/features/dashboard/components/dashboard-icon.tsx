// A dashboard icon with an accessible name, at the table's two sizes (icons: components/ui/icon-paths.ts).
import { Icon, type IconName } from '../../../components/ui/icon';

export interface DashboardIconProps {
  name: IconName;
  label?: string;
  /** Mantine colour name; undefined keeps the text colour. */
  colour?: string;
  small?: boolean;
  title?: string;
}

export function DashboardIcon({ name, label, colour, small, title }: DashboardIconProps) {
  return (
    <Icon
      name={name}
      size={small ? 16 : 22}
      label={label}
      title={title}
      colour={colour ? `var(--mantine-color-${colour}-7)` : undefined}
    />
  );
}
