// System Information card (docs/screens.md (System Information card)): temperature and battery thresholds, probe inactivity timeout, compact.
import type { SystemInfo } from '@bpm/protocol';
import { Card, Table, Title } from '@mantine/core';
import { memo } from 'react';

/** Memoised: it changes with systemConfig, not with the Dashboard's re-renders for a new row order. */
export const SystemInfoCard = memo(function SystemInfoCard({ systemInfo }: { systemInfo: SystemInfo }) {
  const rows: [string, string][] = [
    ['Temperature Thresholds', `Warning ${systemInfo.highTemperatureWarning} °C, Alarm ${systemInfo.highTemperaturePanic} °C`],
    ['Battery Thresholds', `Warning ${systemInfo.batteryLevelWarning} %, Alarm ${systemInfo.batteryLevelPanic} %`],
    ['Probe Inactivity Timeout', `${systemInfo.timeoutSeconds} s`],
  ];
  return (
    <Card withBorder padding="xs" radius="md" component="section" aria-labelledby="system-info-title" h="100%">
      <Title order={2} size="h5" id="system-info-title" px={4}>
        System Information
      </Title>
      <Table withRowBorders={false} verticalSpacing={0} horizontalSpacing={4} fz="xs">
        <Table.Tbody>
          {rows.map(([label, value]) => (
            <Table.Tr key={label}>
              <Table.Th fw={500} pr="md" w="1%" style={{ whiteSpace: 'nowrap' }}>
                {label}
              </Table.Th>
              <Table.Td>{value}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Card>
  );
});
