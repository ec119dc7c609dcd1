// System Information card (docs/screens.md (System Information card)): temperature and battery thresholds, probe inactivity timeout.
import type { SystemInfo } from '@bpm/protocol';
import { Card, Table, Title } from '@mantine/core';

export function SystemInfoCard({ systemInfo }: { systemInfo: SystemInfo }) {
  const rows: [string, string][] = [
    ['Temperature Thresholds', `Warning ${systemInfo.highTemperatureWarning} °C, Alarm ${systemInfo.highTemperaturePanic} °C`],
    ['Battery Thresholds', `Warning ${systemInfo.batteryLevelWarning} %, Alarm ${systemInfo.batteryLevelPanic} %`],
    ['Probe Inactivity Timeout', `${systemInfo.timeoutSeconds} s`],
  ];
  return (
    <Card withBorder padding="md" radius="md" component="section" aria-labelledby="system-info-title">
      <Title order={2} size="h4" id="system-info-title" mb="xs">
        System Information
      </Title>
      <Table withRowBorders={false} verticalSpacing={4} horizontalSpacing={0}>
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
}
