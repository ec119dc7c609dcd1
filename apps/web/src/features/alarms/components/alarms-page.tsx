// The Alarms page (docs/alarms.md): the open alarms, live, and the History view.
import { Tabs } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { usePermissionLevel } from '../../../session/use-permission-level';
import { AlarmDetails } from './alarm-details';
import { AlarmHistory } from './alarm-history';
import { OpenAlarms } from './open-alarms';

export function AlarmsPage() {
  // Alarms WRITE acknowledges, UPDATE shelves (docs/alarms.md); reading needs no permission.
  const canAcknowledge = usePermissionLevel('Alarms', 'WRITE');
  const canShelve = usePermissionLevel('Alarms', 'UPDATE');
  const [tab, setTab] = useState<string | null>('open');
  // The top bar's counts link to the open list filtered by state: it comes to the front even from the History.
  const [params, setParams] = useSearchParams();
  const alarmId = Number(params.get('alarm')) || null;
  useEffect(() => {
    if (params.has('state')) setTab('open');
  }, [params]);
  return (
    <>
      {alarmId !== null && (
        <AlarmDetails
          key={alarmId}
          id={alarmId}
          onClose={() =>
            setParams(
              (current) => {
                current.delete('alarm');
                return current;
              },
              { replace: true },
            )
          }
        />
      )}
      <Tabs value={tab} onChange={setTab} keepMounted={false}>
        <Tabs.List mb="sm">
          <Tabs.Tab value="open">Open alarms</Tabs.Tab>
          <Tabs.Tab value="history">History</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="open">
          <OpenAlarms canAct={canAcknowledge} canShelve={canShelve} />
        </Tabs.Panel>
        <Tabs.Panel value="history">
          <AlarmHistory />
        </Tabs.Panel>
      </Tabs>
    </>
  );
}
