// The Notifications page (docs/notifications.md, docs/screens.md (Notifications)): Channels, Rules and the
// Delivery log, in tabs; the tab is kept in the URL (?tab=) so a reload or a link opens the same one.
import { Tabs } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { ChannelsTab } from './channels-tab';
import { DeliveryLog } from './delivery-log';
import { useNotificationRights } from './rights';
import { RulesTab } from './rules-tab';

const tabs = ['channels', 'rules', 'log'] as const;

export function NotificationsPage() {
  const rights = useNotificationRights();
  const [params, setParams] = useSearchParams();
  const asked = params.get('tab');
  const tab = tabs.find((t) => t === asked) ?? 'channels';
  return (
    <Tabs
      value={tab}
      onChange={(value) => setParams(value && value !== 'channels' ? { tab: value } : {}, { replace: true })}
      keepMounted={false}
    >
      <Tabs.List mb="sm">
        <Tabs.Tab value="channels">Channels</Tabs.Tab>
        <Tabs.Tab value="rules">Rules</Tabs.Tab>
        <Tabs.Tab value="log">Delivery log</Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="channels">
        <ChannelsTab rights={rights} />
      </Tabs.Panel>
      <Tabs.Panel value="rules">
        <RulesTab rights={rights} />
      </Tabs.Panel>
      <Tabs.Panel value="log">
        <DeliveryLog />
      </Tabs.Panel>
    </Tabs>
  );
}
