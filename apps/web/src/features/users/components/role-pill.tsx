// A role name as a coloured pill (docs/roles-and-permissions.md (Colours)); a link to the role's details when `href` is given.
import { Badge, Tooltip } from '@mantine/core';
import { Link } from 'react-router';
import { roleColours } from '../role-colour';

export interface RolePillProps {
  name: string;
  /** Present only when the viewer may open the Roles page. */
  href?: string;
}

export function RolePill({ name, href }: RolePillProps) {
  const { color, backgroundColor } = roleColours(name);
  // Never cut to "Ad…": Mantine's label clips with an ellipsis, which lets a table column shrink below the name.
  const style = {
    color,
    backgroundColor,
    textTransform: 'none' as const,
    cursor: href ? 'pointer' : 'default',
    overflow: 'visible',
    flexShrink: 0,
  };
  const styles = { label: { overflow: 'visible' } };
  const pill = href ? (
    <Badge
      component={Link}
      to={href}
      radius="xl"
      variant="light"
      style={style}
      styles={styles}
      onClick={(event) => event.stopPropagation()}
    >
      {name}
    </Badge>
  ) : (
    <Badge radius="xl" variant="light" style={style} styles={styles}>
      {name}
    </Badge>
  );
  return (
    <Tooltip label="Click to view role details and permissions" withArrow>
      {pill}
    </Tooltip>
  );
}
