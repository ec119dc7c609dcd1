// One icon of icon-paths.ts as inline SVG (docs/operator-screen.md "Icons"): decorative unless it has a label,
// sized by `size` (px) and coloured by the text colour unless `colour` is given.
import type { CSSProperties } from 'react';
import { iconPaths, type IconName } from './icon-paths';

export type { IconName };

export interface IconProps {
  name: IconName;
  /** Size in px (default 24, the size the Material Symbols font had). */
  size?: number;
  /** Accessible name; without one the icon is hidden from assistive technology. */
  label?: string;
  /** Native tooltip. */
  title?: string;
  /** Any CSS colour; undefined keeps the text colour. */
  colour?: string;
  style?: CSSProperties;
  className?: string;
}

export function Icon({ name, size = 24, label, title, colour, style, className }: IconProps) {
  return (
    <span
      role={label ? 'img' : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : true}
      title={title}
      className={className}
      style={{ display: 'inline-flex', flex: 'none', lineHeight: 1, fontSize: size, color: colour, ...style }}
    >
      <svg width="1em" height="1em" viewBox="0 -960 960 960" fill="currentColor" aria-hidden="true" focusable="false">
        <path d={iconPaths[name]} />
      </svg>
    </span>
  );
}
