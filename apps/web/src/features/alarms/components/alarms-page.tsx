// The Alarms page (docs/alarms.md): the open alarms, live, and the History view.
import { Tabs } from '@mantine/core';
import { useState } from 'react';
import { usePermissions } from '../../../session/use-permissions';
import { AlarmHistory } from './alarm-history';
import { OpenAlarms } from './open-alarms';

export function AlarmsPage() {
  const { has } = usePermissions();
  const [tab, setTab] = useState<string | null>('open');
  return (
    <Tabs value={tab} onChange={setTab} keepMounted={false}>
      <Tabs.List mb="sm">
        <Tabs.Tab value="open">Open alarms</Tabs.Tab>
        <Tabs.Tab value="history">History</Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="open">
        <OpenAlarms canAct={has('Alarms')} />
      </Tabs.Panel>
      <Tabs.Panel value="history">
        <AlarmHistory />
      </Tabs.Panel>
    </Tabs>
  );
}
