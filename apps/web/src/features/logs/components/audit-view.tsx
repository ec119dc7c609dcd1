// The Logs page's "Audit" view (docs/audit.md): who changed what, newest first, with filters by actor,
// action, target and time, and "Load more" for older entries.
import type { AuditEntry } from '@bpm/protocol';
import { Badge, Button, Group, Paper, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { formatDateTime } from '../../../lib/date-format';
import { logQueries, type AuditFilter } from '../api/logs-api';

const emptyFilter: AuditFilter = { actor: '', action: '', target: '', from: '', to: '' };
const show = (value: unknown) =>
  value === null || value === undefined ? '—' : typeof value === 'string' ? value : JSON.stringify(value);

function AuditRow({ entry }: { entry: AuditEntry }) {
  return (
    <Paper withBorder p="sm" radius="md" role="listitem" aria-label={`${entry.action} ${entry.ts}`}>
      <Group gap="xs" wrap="wrap" justify="space-between">
        <Group gap="xs" wrap="wrap">
          <Badge variant="light">{entry.action}</Badge>
          {entry.target && (
            <Text size="sm">
              {entry.target.type} {entry.target.id}
            </Text>
          )}
        </Group>
        <Text size="sm" c="dimmed">
          <time dateTime={entry.ts}>{formatDateTime(entry.ts)}</time>
        </Text>
      </Group>
      <Text size="sm" mt={4}>
        {entry.actor ? entry.actor.username : 'Not signed in'}
        {entry.via ? ` · ${entry.via}` : ''}
        {entry.address ? ` · ${entry.address}` : ''}
      </Text>
      {entry.changes &&
        Object.entries(entry.changes).map(([field, change]) => (
          <Text key={field} size="sm" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
            {field}: {show(change.before)} → {show(change.after)}
          </Text>
        ))}
    </Paper>
  );
}

export function AuditView() {
  const [filter, setFilter] = useState<AuditFilter>(emptyFilter);
  const [debounced] = useDebouncedValue(filter, 300);
  const audit = useInfiniteQuery(logQueries.audit(debounced));
  const set = (field: keyof AuditFilter) => (event: React.ChangeEvent<HTMLInputElement>) => {
    const value = event.currentTarget.value;
    setFilter((current) => ({ ...current, [field]: value }));
  };
  const entries = audit.data?.pages.flat() ?? [];

  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 1, xs: 2, md: 5 }} spacing="xs">
        <TextInput label="Actor" placeholder="username" value={filter.actor} onChange={set('actor')} />
        <TextInput label="Action" placeholder="user. or user.update" value={filter.action} onChange={set('action')} />
        <TextInput label="Target" placeholder="role or role:4" value={filter.target} onChange={set('target')} />
        <TextInput label="From" type="datetime-local" value={filter.from} onChange={set('from')} />
        <TextInput label="To" type="datetime-local" value={filter.to} onChange={set('to')} />
      </SimpleGrid>
      {audit.isPending ? (
        <Text>Loading audit entries...</Text>
      ) : audit.isError ? (
        <Text c="red" role="alert">
          {audit.error.message}
        </Text>
      ) : entries.length === 0 ? (
        <Text c="dimmed">No audit entries match these filters</Text>
      ) : (
        <Stack gap="xs" role="list" aria-label="Audit entries">
          {entries.map((entry) => (
            <AuditRow key={entry.id} entry={entry} />
          ))}
        </Stack>
      )}
      {audit.hasNextPage && (
        <Button
          variant="default"
          onClick={() => void audit.fetchNextPage()}
          loading={audit.isFetchingNextPage}
          style={{ alignSelf: 'center' }}
        >
          Load more
        </Button>
      )}
    </Stack>
  );
}
