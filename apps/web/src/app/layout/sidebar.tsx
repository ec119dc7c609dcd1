// The sidebar (docs/screens.md (Sidebar)): a drawer opened by the menu button and closed by its overlay, with the
// Home group and the permission-gated System group (hidden when none of its items is shown). From `sidebarShownFrom`
// (a 1400 px operator screen) it stays in view beside the page instead: the way to another page is never hidden.
import type { PermissionName } from '@bpm/protocol';
import { AppShell, Drawer, NavLink, ScrollArea, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { memo } from 'react';
import { Link, useLocation } from 'react-router';
import { paths } from '../../config/paths';
import { usePermissions } from '../../session/use-permissions';
import { routePermissions } from '../route-permissions';
import { Icon, type IconName } from '../../components/ui/icon';
import { useMountedLater } from '../../lib/use-mounted-later';

interface SidebarItem {
  label: string;
  path: string;
  icon: IconName;
}

const homeItems: SidebarItem[] = [
  { label: 'Dashboard', path: paths.dashboard, icon: 'dashboard' },
  { label: 'Alarms', path: paths.alarms, icon: 'warning' },
  { label: 'Plant', path: paths.plant, icon: 'factory' },
  { label: 'Battery packs', path: paths.packs, icon: 'battery_full' },
  { label: 'About', path: paths.about, icon: 'info' },
  { label: 'Account', path: paths.account, icon: 'account_circle' },
  { label: 'API keys', path: paths.keys, icon: 'key' },
];

const systemItems: SidebarItem[] = [
  { label: 'Logs', path: paths.logs, icon: 'receipt_long' },
  { label: 'Roles', path: paths.roles, icon: 'admin_panel_settings' },
  { label: 'Users', path: paths.users, icon: 'group' },
  { label: 'Notifications', path: paths.notifications, icon: 'notifications' },
];

export function visibleSystemItems(has: (name: PermissionName) => boolean): SidebarItem[] {
  return systemItems.filter((item) => {
    const required = routePermissions[item.path];
    return required === undefined || has(required);
  });
}

function SidebarGroup({ title, items, onNavigate }: { title: string; items: SidebarItem[]; onNavigate: () => void }) {
  const { pathname } = useLocation();
  return (
    <nav aria-label={title}>
      <Text size="xs" fw={700} c="dimmed" tt="uppercase" px="sm" pb={4}>
        {title}
      </Text>
      {items.map((item) => (
        <NavLink
          key={item.path}
          component={Link}
          to={item.path}
          label={item.label}
          active={pathname === item.path}
          aria-current={pathname === item.path ? 'page' : undefined}
          leftSection={<Icon name={item.icon} />}
          onClick={onNavigate}
        />
      ))}
    </nav>
  );
}

/** From this width the sidebar is always shown, beside the page (1360 px: at 1400 the Probes table keeps its width). */
export const sidebarShownFrom = '85em';
export const sidebarWidthPx = 200;

export function useSidebarAlwaysShown(): boolean {
  return useMediaQuery(`(min-width: ${sidebarShownFrom})`, false, { getInitialValueInEffect: false });
}

function SidebarGroups({ onNavigate }: { onNavigate: () => void }) {
  const { has } = usePermissions();
  const system = visibleSystemItems(has);
  return (
    <Stack gap="lg">
      <SidebarGroup title="Home" items={homeItems} onNavigate={onNavigate} />
      {system.length > 0 && <SidebarGroup title="System" items={system} onNavigate={onNavigate} />}
    </Stack>
  );
}

/** The sidebar always in view (wide screens): the AppShell's navbar, the page beside it. */
export const FixedSidebar = memo(function FixedSidebar() {
  return (
    <AppShell.Navbar aria-label="Pages" py="sm" px={4}>
      <ScrollArea type="auto">
        <SidebarGroups onNavigate={() => undefined} />
      </ScrollArea>
    </AppShell.Navbar>
  );
});

/** Memoised like the top bar: a closed drawer has nothing to show for the layout's re-render at each navigation. */
export const Sidebar = memo(function Sidebar({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  // Mounted after the layout's first commit: a closed drawer still mounts its portal
  // (docs/decisions/dashboard.md#no-update-in-a-mounting-commit).
  if (!useMountedLater()) return null;
  return (
    <Drawer opened={opened} onClose={onClose} title="Battery Probe Monitor" size={280} padding="md">
      <SidebarGroups onNavigate={onClose} />
    </Drawer>
  );
});
