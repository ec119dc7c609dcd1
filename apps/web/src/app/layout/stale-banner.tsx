// "Live data lost at HH:MM:SS — reconnecting…" while the live feed that was open is down (docs/operator-screen.md
// "Stale data"): shown on every page of the layout, gone once the feed is back and its snapshot replaced the state.
// "Reconnect now" tries at once instead of waiting out the backoff.
import { Alert, Button, Group, Text } from '@mantine/core';
import { Icon } from '../../components/ui/icon';
import { formatTime } from '../../lib/date-format';
import { liveFeedLoss } from '../../live/feed/feed-loss';
import { useLiveFeedLostAt } from '../../live/hooks/use-live';

export const staleBannerText = (lostAtMs: number) => `Live data lost at ${formatTime(lostAtMs)} — reconnecting…`;

export function StaleBanner() {
  const lostAtMs = useLiveFeedLostAt();
  if (lostAtMs === null) return null;
  return (
    <Alert color="red" variant="filled" role="alert" icon={<Icon name="wifi_off" size={20} />} py={8} mb="sm">
      <Group gap="xs" justify="space-between" wrap="wrap">
        <Text size="sm" c="white">
          {staleBannerText(lostAtMs)} The values below are the last ones received.
        </Text>
        <Button size="compact-sm" variant="white" color="red" onClick={liveFeedLoss.reconnectNow}>
          Reconnect now
        </Button>
      </Group>
    </Alert>
  );
}
