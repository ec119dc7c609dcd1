// A Material Symbols glyph with an accessible name (icons are a font here, see main.tsx).
import classes from './dashboard.module.css';

export interface DashboardIconProps {
  name: string;
  label?: string;
  /** Mantine colour name; undefined keeps the text colour. */
  colour?: string;
  small?: boolean;
  title?: string;
}

export function DashboardIcon({ name, label, colour, small, title }: DashboardIconProps) {
  return (
    <span
      className={`material-symbols-outlined ${small ? classes.smallSymbol : classes.symbol}`}
      role={label ? 'img' : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : true}
      title={title}
      style={colour ? { color: `var(--mantine-color-${colour}-6)` } : undefined}
    >
      {name}
    </span>
  );
}
