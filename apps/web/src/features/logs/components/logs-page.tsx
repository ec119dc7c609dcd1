// The Logs page (docs/screens.md (Logs)): filter (server-side, debounced), Auto-refresh, Refresh, Download and
// the entries, newest first.
import { Button, Checkbox, Group, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { useDownloadLogs } from '../api/use-download-logs';
import { AuditView } from './audit-view';
import { LogList } from './log-list';
import { useLogFeed } from './use-log-feed';
import { Icon } from '../../../components/ui/icon';

const filterDebounceMs = 300;

/** The page's two views: the server's log lines, and the audit trail of changes (docs/audit.md). */
export function LogsPage() {
  const [view, setView] = useState('System logs');
  return (
    <Stack gap="sm">
      <SegmentedControl
        aria-label="Log view"
        data={['System logs', 'Audit']}
        value={view}
        onChange={setView}
        style={{ alignSelf: 'flex-start' }}
      />
      {view === 'Audit' ? <AuditView /> : <SystemLogs />}
    </Stack>
  );
}

function SystemLogs() {
  const [filter, setFilter] = useState('');
  const [q] = useDebouncedValue(filter.trim(), filterDebounceMs);
  const [isAutoRefreshing, setIsAutoRefreshing] = useState(false);
  const downloadLogs = useDownloadLogs();
  const feed = useLogFeed(q, isAutoRefreshing);

  const download = () =>
    downloadLogs.mutate(undefined, {
      onError: (error) => {
        console.error('Failed to download logs', error);
        window.alert('Failed to download logs. Please try again.');
      },
    });

  return (
    <Stack gap="sm">
      <Group gap="sm" wrap="wrap">
        <TextInput
          placeholder="Filter logs..."
          aria-label="Filter logs"
          value={filter}
          onChange={(event) => setFilter(event.currentTarget.value)}
          leftSection={<Icon name="filter_list" size={18} />}
          style={{ flex: '1 1 220px', maxWidth: 420 }}
        />
        <Checkbox
          label="Auto-refresh"
          checked={isAutoRefreshing}
          onChange={(event) => setIsAutoRefreshing(event.currentTarget.checked)}
        />
        <Group gap="xs" ml="auto">
          <Button variant="default" onClick={feed.reload} leftSection={<Icon name="refresh" />}>
            Refresh
          </Button>
          <Button onClick={download} loading={downloadLogs.isPending} leftSection={<Icon name="download" />}>
            Download
          </Button>
        </Group>
      </Group>
      {feed.isLoading ? (
        <Text>Loading logs...</Text>
      ) : (
        <LogList
          entries={feed.entries}
          highlighted={feed.highlighted}
          hasMore={feed.hasMore}
          isLoadingMore={feed.isLoadingMore}
          onLoadMore={feed.loadMore}
        />
      )}
    </Stack>
  );
}
