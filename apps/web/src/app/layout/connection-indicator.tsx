// The live-connection indicator of the top bar, with the three tooltips of docs/screens.md (Top bar).
import { Tooltip } from '@mantine/core';
import { useConnectionStatus, type ConnectionStatus } from '../../live/use-live';

const looks: Record<ConnectionStatus, { label: string; icon: string; colour: string }> = {
  connected: { label: 'Connection Established', icon: 'wifi', colour: 'var(--mantine-color-green-7)' },
  connecting: { label: 'Connecting', icon: 'wifi_find', colour: 'var(--mantine-color-orange-7)' },
  disconnected: { label: 'Connection Failed', icon: 'wifi_off', colour: 'var(--mantine-color-red-7)' },
};

export function ConnectionIndicator() {
  const status = useConnectionStatus();
  // "Connection Failed" covers any status other than the first two (docs/live-feed.md (Connection status)).
  const look = looks[status] ?? looks.disconnected;
  return (
    <Tooltip label={look.label} events={{ hover: true, focus: true, touch: true }}>
      <span
        role="img"
        aria-label={look.label}
        tabIndex={0}
        className="material-symbols-outlined"
        style={{ color: look.colour, display: 'inline-flex', cursor: 'default' }}
      >
        {look.icon}
      </span>
    </Tooltip>
  );
}
