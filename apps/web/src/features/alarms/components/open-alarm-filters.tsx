// The open alarms' filters (docs/alarms.md (Web)): probe, pack, stage and severity, and the top bar's state links,
// kept in the URL's query string under GET /alarms' own names (lib/alarm-query-string.ts), so a filtered list can
// be bookmarked or sent on. The list is the live store's, so they filter it here, in the browser: a server-side query
// would not follow the feed.
import type { Alarm } from '@bpm/protocol';
import { Group, NativeSelect } from '@mantine/core';
import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { alarmQueryString } from '../../../lib/alarm-query-string';
import { isActiveUnacknowledged, isReturned } from '../../../live/stores/alarm-store';
import { alarmSource } from '../alarm-display';

/** `?state=unacknowledged` or `?state=returned` (the top bar's links): only the alarms awaiting acknowledgement of that kind. */
const stateFilters = {
  unacknowledged: { words: 'active unacknowledged', test: isActiveUnacknowledged },
  returned: { words: 'returned unacknowledged', test: isReturned },
} as const;

const keys = ['state', 'probeID', 'packId', 'stageId', 'eventType'] as const;
type FilterKey = (typeof keys)[number];
export type OpenAlarmFilterValues = Partial<Record<FilterKey, string>>;

export interface OpenAlarmFilter {
  values: OpenAlarmFilterValues;
  /** The count's words for a state filter ("active unacknowledged"), else undefined. */
  words: string | undefined;
  /** Any filter set: the list offers "Show all open alarms". */
  isFiltered: boolean;
  test: ((alarm: Alarm) => boolean) | undefined;
  set: (patch: OpenAlarmFilterValues) => void;
}

export function useOpenAlarmFilter(): OpenAlarmFilter {
  const [params, setParams] = useSearchParams();
  const search = params.toString();
  return useMemo(() => {
    const current = new URLSearchParams(search);
    const values: OpenAlarmFilterValues = {};
    for (const key of keys) {
      const value = current.get(key);
      if (value) values[key] = value;
    }
    const state = values.state === 'unacknowledged' || values.state === 'returned' ? stateFilters[values.state] : undefined;
    const { probeID, eventType } = values;
    const packId = values.packId === undefined ? undefined : Number(values.packId);
    const stageId = values.stageId === undefined ? undefined : Number(values.stageId);
    const isFiltered = Object.keys(values).length > 0;
    const test = (a: Alarm) =>
      (state === undefined || state.test(a)) &&
      (probeID === undefined || a.probeID === probeID) &&
      (packId === undefined || a.assignment?.batteryPack?.id === packId) &&
      (stageId === undefined || a.assignment?.buildStage?.id === stageId) &&
      (eventType === undefined || a.eventType === eventType);
    return {
      values,
      words: state?.words,
      isFiltered,
      test: isFiltered ? test : undefined,
      set: (patch) => setParams(alarmQueryString({ ...values, ...patch }), { replace: true }),
    };
  }, [search, setParams]);
}

interface Option {
  value: string;
  label: string;
}

const byLabel = (a: Option, b: Option) => a.label.localeCompare(b.label, undefined, { numeric: true });

/** The choices the open alarms offer (at raise, as GET /alarms filters), with the chosen one even when none has it now. */
function choices(alarms: readonly Alarm[], values: OpenAlarmFilterValues) {
  const probes = new Map<string, string>();
  const packs = new Map<string, string>();
  const stages = new Map<string, string>();
  for (const a of alarms) {
    probes.set(a.probeID, alarmSource(a.probeID));
    const { batteryPack, buildStage } = a.assignment ?? {};
    if (batteryPack) packs.set(String(batteryPack.id), batteryPack.name);
    if (buildStage) stages.set(String(buildStage.id), buildStage.name);
  }
  const list = (map: Map<string, string>, chosen: string | undefined) => {
    if (chosen !== undefined && !map.has(chosen)) map.set(chosen, chosen);
    return [...map].map(([value, label]) => ({ value, label })).sort(byLabel);
  };
  return { probes: list(probes, values.probeID), packs: list(packs, values.packId), stages: list(stages, values.stageId) };
}

const any = { value: '', label: 'All' };

/** Native selects: typing a probe's first letters finds it among hundreds, on a phone too. */
export function OpenAlarmFilters({ alarms, filter }: { alarms: readonly Alarm[]; filter: OpenAlarmFilter }) {
  const { probes, packs, stages } = useMemo(() => choices(alarms, filter.values), [alarms, filter.values]);
  const select = (label: string, key: FilterKey, data: Option[], width: number) => (
    <NativeSelect
      size="xs"
      label={label}
      data={[any, ...data]}
      value={filter.values[key] ?? ''}
      onChange={(event) => filter.set({ [key]: event.currentTarget.value || undefined })}
      w={width}
    />
  );
  return (
    <Group gap="xs" wrap="wrap" align="flex-end">
      {select('Probe', 'probeID', probes, 130)}
      {select('Pack', 'packId', packs, 130)}
      {select('Stage', 'stageId', stages, 150)}
      {select('Severity', 'eventType', severities, 100)}
    </Group>
  );
}

const severities: Option[] = [
  { value: 'Critical', label: 'Critical' },
  { value: 'Warning', label: 'Warning' },
];
