// A value shown in monospace with a copy button whose icon turns to a check for 1 s (docs/screens.md (API Key Generated view), docs/data-model.md (API key constants)).
import { ActionIcon, Code, Group, Tooltip } from '@mantine/core';
import { CopyButton } from '@mantine/core';
import { Icon } from '../../../components/ui/icon';

export const copyConfirmationMs = 1000;

export function CopyableValue({ value, label }: { value: string; label: string }) {
  return (
    <Group gap="xs" wrap="nowrap" align="flex-start">
      <Code block style={{ flex: 1, minWidth: 0, whiteSpace: 'pre-wrap', wordBreak: 'break-all' }} aria-label={label}>
        {value}
      </Code>
      <CopyButton value={value} timeout={copyConfirmationMs}>
        {({ copied, copy }) => (
          <Tooltip label={copied ? 'Copied' : 'Copy'} withArrow>
            <ActionIcon
              variant="subtle"
              color={copied ? 'green' : 'gray'}
              onClick={copy}
              aria-label={copied ? `${label} copied` : `Copy ${label}`}
            >
              <Icon name={copied ? 'check' : 'content_copy'} />
            </ActionIcon>
          </Tooltip>
        )}
      </CopyButton>
    </Group>
  );
}
