// The "default" pill of the role marked is_default (docs/screens.md (Roles)).
import { Badge, Tooltip } from '@mantine/core';

export function DefaultPill() {
  return (
    <Tooltip label="This role is the default role for new users" withArrow>
      <Badge size="sm" variant="light" color="gray" radius="xl" style={{ textTransform: 'none' }}>
        default
      </Badge>
    </Tooltip>
  );
}
