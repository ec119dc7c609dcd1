// The top bar's alarm part (docs/alarms.md): the alarms awaiting acknowledgement, active and returned, each linking
// to its list on /alarms, and the chime toggle. The open-alarm store they read is fed by the live feed alone.
import { Badge, Box, Group, Switch, type BadgeProps } from '@mantine/core';
import { DeferredTooltip } from '../../components/ui/deferred-tooltip';
import { Icon } from '../../components/ui/icon';
import { memo, useEffect, useSyncExternalStore, type ComponentPropsWithRef } from 'react';
import { Link } from 'react-router';
import { paths } from '../../config/paths';
import { alarmStore } from '../../live/stores/alarm-store';
import { useShownAtMost, type Shown } from '../../live/hooks/shown-at-most';
import { isChimeOn, playChime, setChimeOn, subscribeChime } from './alarm-chime';
import { notLiveLabel, notLiveStyle, useIsNotLive } from './not-live';

function useChime(): boolean {
  const isOn = useSyncExternalStore(subscribeChime, isChimeOn);
  useEffect(() => {
    if (!isOn) return;
    return alarmStore.onAnnunciated((alarm) => {
      if (alarm.eventType === 'Critical') playChime();
    });
  }, [isOn]);
  return isOn;
}

/** Memoised: it takes no props, and the top bar re-renders when the user's initials arrive. */
export const AlarmIndicator = memo(function AlarmIndicator() {
  return (
    <Group gap={2} wrap="nowrap">
      <UnacknowledgedCount />
      {/* Below 768 px the counts need the room: the chime toggle is a desk (control room) setting. */}
      <Box visibleFrom="sm">
        <ChimeToggle />
      </Box>
    </Group>
  );
});

/**
 * The counts with their tooltips, on their own: live alarms change them several times a second with 10,000 probes,
 * and the chime's tooltip and switch beside them need not re-render each time
 * (docs/decisions/dashboard.md#counts-re-render-only-their-number). ISA-18.2 counts every alarm awaiting
 * acknowledgement: the active ones and those that cleared unacknowledged ("returned"), each linking to its list.
 */
function UnacknowledgedCount() {
  const stale = useIsNotLive();
  return (
    <Group gap={4} wrap="nowrap" style={stale ? notLiveStyle : undefined} data-stale={stale || undefined}>
      <AlarmTitle />
      <AwaitingCount kind="active" colour="red" stale={stale} showBell />
      <AwaitingCount kind="returned" colour="orange" stale={stale} />
    </Group>
  );
}

type AwaitingKind = 'active' | 'returned';

const shownAwaiting = new Map<AwaitingKind, Shown>();

/**
 * One of the two counts as shown: its readers re-render when that count changes, not with the other, and at most twice
 * a second (docs/decisions/dashboard.md#counts-shown-twice-a-second). The tab title and the chime read the store itself.
 */
const useAwaitingCount = (kind: AwaitingKind): number =>
  useShownAtMost(shownAwaiting, kind, alarmStore.subscribe, (k) =>
    k === 'active' ? alarmStore.getActiveUnacknowledgedCount() : alarmStore.getReturnedCount(),
  );

const awaitingLabel = (count: number, kind: AwaitingKind, stale: boolean) =>
  notLiveLabel(`${count} ${kind} unacknowledged ${count === 1 ? 'alarm' : 'alarms'}`, stale);

/**
 * A count and its tooltip. The number is read by the badge and by the tooltip's label, each a component of its own, so
 * a new count re-renders those two and not the Mantine Tooltip with its floating-position hooks, which was most of the
 * top bar's rendering at 10,000 probes (docs/decisions/dashboard.md#counts-re-render-only-their-number).
 */
const AwaitingCount = memo(function AwaitingCount({
  kind,
  colour,
  stale,
  showBell = false,
}: {
  kind: AwaitingKind;
  colour: string;
  stale: boolean;
  showBell?: boolean;
}) {
  return (
    <DeferredTooltip label={<AwaitingLabel kind={kind} stale={stale} />} events={{ hover: true, focus: true, touch: true }}>
      <AwaitingBadge kind={kind} colour={colour} stale={stale} showBell={showBell} />
    </DeferredTooltip>
  );
});

function AwaitingLabel({ kind, stale }: { kind: AwaitingKind; stale: boolean }) {
  return awaitingLabel(useAwaitingCount(kind), kind, stale);
}

/** The badge with the live number; the tooltip's ref and handlers come in through `others`. */
function AwaitingBadge({
  kind,
  colour,
  stale,
  showBell,
  ...others
}: { kind: AwaitingKind; colour: string; stale: boolean; showBell: boolean } & Omit<BadgeProps, 'children'> &
  Omit<ComponentPropsWithRef<'a'>, 'color' | 'children' | 'style'>) {
  const count = useAwaitingCount(kind);
  const label = awaitingLabel(count, kind, stale);
  return (
    <Badge
      {...others}
      component={Link}
      to={`${paths.alarms}?state=${kind === 'active' ? 'unacknowledged' : 'returned'}`}
      aria-label={label}
      color={count > 0 ? colour : 'gray'}
      variant={count > 0 ? 'filled' : 'light'}
      size="lg"
      radius="sm"
      px={8}
      style={{ cursor: 'pointer', flexShrink: 0, overflow: 'visible' }}
      styles={{ label: { textTransform: 'none' } }}
      leftSection={
        showBell && (
          // The bell is dropped on narrow screens; the coloured counts and the tooltips still say what they are.
          <Box component="span" visibleFrom="sm" style={{ display: 'inline-flex' }}>
            <Icon name="warning-fill" size={16} />
          </Box>
        )
      }
    >
      {count}
      {/* The word from 768 px up ("2 active", "865 returned"); narrower the number alone, named by aria-label. */}
      <Box component="span" visibleFrom="sm">
        {` ${kind}`}
      </Box>
    </Badge>
  );
}

/**
 * The tab's title leads with the number awaiting acknowledgement, so a background tab still tells it. It reads both
 * counts from the store outside React: as a React reader of them it was a commit of its own at each alarms message,
 * a third of the Dashboard's commits at 10,000 probes (docs/decisions/dashboard.md#tab-title-without-a-render).
 */
function AlarmTitle() {
  useEffect(() => {
    const write = () => {
      const count = alarmStore.getActiveUnacknowledgedCount() + alarmStore.getReturnedCount();
      titleWriter.set(count > 0 ? `(${count}) ${baseTitle}` : baseTitle);
    };
    write();
    const unsubscribe = alarmStore.subscribe(write);
    return () => {
      unsubscribe();
      titleWriter.reset();
    };
  }, []);
  return null;
}

const baseTitle = document.title;

/**
 * The tab's title is written at most this often. Each write is a call to the browser, and with 10,000 probes the count
 * changes several times a second: the writes were ~5 % of the Dashboard's JavaScript
 * (docs/decisions/dashboard.md#tab-title-once-a-second). A tab's title need not follow faster than a second.
 */
const titleIntervalMs = 1000;

/** The last title asked for, written now or, within titleIntervalMs of the previous write, when that has passed. */
class TitleWriter {
  private wanted = baseTitle;
  private lastWriteMs = -Infinity;
  private timer: ReturnType<typeof setTimeout> | null = null;

  set(title: string): void {
    this.wanted = title;
    if (this.timer !== null) return;
    const wait = this.lastWriteMs + titleIntervalMs - performance.now();
    if (wait <= 0) this.write();
    else this.timer = setTimeout(() => this.write(), wait);
  }

  /** Back to the app's own title at once (the indicator unmounts: signed out); the next count is written at once. */
  reset(): void {
    this.set(baseTitle);
    this.write();
    this.lastWriteMs = -Infinity;
  }

  private write(): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
    if (document.title === this.wanted) return;
    document.title = this.wanted;
    this.lastWriteMs = performance.now();
  }
}
const titleWriter = new TitleWriter();

function ChimeToggle() {
  const isChiming = useChime();
  return (
    <DeferredTooltip label={isChiming ? 'Alarm chime on' : 'Alarm chime off'}>
      {/* The speaker says what the switch is for without the tooltip, and widens what a finger can hit. */}
      <Switch
        size="xs"
        aria-label="Alarm chime"
        checked={isChiming}
        onChange={(event) => setChimeOn(event.currentTarget.checked)}
        label={<Icon name={isChiming ? 'volume_up' : 'volume_off'} size={18} colour="var(--mantine-color-gray-7)" />}
        styles={{ body: { alignItems: 'center' }, label: { display: 'inline-flex', paddingInlineStart: 4 } }}
      />
    </DeferredTooltip>
  );
}
