// The top bar (docs/screens.md (Top bar)): menu button, "BPM / {page}", connection indicator, probe counts, initials.
import { productShortName } from '@bpm/protocol';
import { Avatar, Burger, Group, Text } from '@mantine/core';
import { memo } from 'react';
import { Link } from 'react-router';
import { paths } from '../../config/paths';
import { AlarmIndicator } from './alarm-indicator';
import { ConnectionIndicator } from './connection-indicator';
import { ProbeCounts } from './probe-counts';

export interface TopBarProps {
  pageName: string;
  isSidebarOpen: boolean;
  /** Absent when the sidebar is always shown (wide screens): no menu button then. */
  onToggleSidebar?: () => void;
  initials: string;
}

/**
 * Memoised: the layout re-renders at each navigation (the sign-in's "/" → "/dashboard" among them) and the top bar,
 * with its tooltips, avatar and switch, was most of that render (docs/decisions/dashboard.md#top-bar-re-renders).
 */
export const TopBar = memo(function TopBar({ pageName, isSidebarOpen, onToggleSidebar, initials }: TopBarProps) {
  return (
    <Group h="100%" px="xs" justify="space-between" wrap="nowrap" gap={6}>
      <Group gap={6} wrap="nowrap" style={{ minWidth: 0 }}>
        {onToggleSidebar && (
          <Burger
            opened={isSidebarOpen}
            onClick={onToggleSidebar}
            size="sm"
            aria-label={isSidebarOpen ? 'Close menu' : 'Open menu'}
            aria-expanded={isSidebarOpen}
          />
        )}
        <Text fw={600} truncate="end" component="h1" size="md" m={0}>
          {productShortName} / {pageName}
        </Text>
      </Group>
      {/* The counts never shrink: the page title truncates instead. */}
      <Group gap={6} wrap="nowrap" style={{ flexShrink: 0 }}>
        <ConnectionIndicator />
        <ProbeCounts />
        <AlarmIndicator />
        <Avatar component={Link} to={paths.account} color="blue" radius="xl" size={32} aria-label={`${initials} (Account)`}>
          {initials}
        </Avatar>
      </Group>
    </Group>
  );
});
