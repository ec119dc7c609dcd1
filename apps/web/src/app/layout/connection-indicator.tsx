// The live-connection indicator of the top bar, with the three tooltips of docs/screens.md (Top bar).
import { DeferredTooltip } from '../../components/ui/deferred-tooltip';
import { memo } from 'react';
import { Icon, type IconName } from '../../components/ui/icon';
import { useConnectionStatus, type ConnectionStatus } from '../../live/hooks/use-live';

const looks: Record<ConnectionStatus, { label: string; icon: IconName; colour: string }> = {
  connected: { label: 'Connection Established', icon: 'wifi', colour: 'var(--mantine-color-green-8)' },
  connecting: { label: 'Connecting', icon: 'wifi_find', colour: 'var(--mantine-color-orange-8)' },
  disconnected: { label: 'Connection Failed', icon: 'wifi_off', colour: 'var(--mantine-color-red-8)' },
};

/** Memoised like the alarm part: it takes no props, and the top bar re-renders when the user's initials arrive. */
export const ConnectionIndicator = memo(function ConnectionIndicator() {
  const status = useConnectionStatus();
  // "Connection Failed" covers any status other than the first two (docs/live-feed.md (Connection status)).
  const look = looks[status] ?? looks.disconnected;
  return (
    <DeferredTooltip label={look.label} events={{ hover: true, focus: true, touch: true }}>
      <span tabIndex={0} style={{ display: 'inline-flex', cursor: 'default', borderRadius: 4 }}>
        <Icon name={look.icon} label={look.label} colour={look.colour} />
      </span>
    </DeferredTooltip>
  );
});
