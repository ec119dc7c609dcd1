// The History's range and filters (docs/alarms.md): probe, pack, stage, event type.
import { Group, NumberInput, SegmentedControl, Select, TextInput } from '@mantine/core';
import { rangeChoices, type RangeChoice } from '../history-range';

export interface HistoryFilterState {
  range: RangeChoice;
  customFrom: string;
  customTo: string;
  probeID: string;
  packId: string | number;
  stageId: string | number;
  eventType: string | null;
}

export const initialHistoryFilter: HistoryFilterState = {
  range: '24h',
  customFrom: '',
  customTo: '',
  probeID: '',
  packId: '',
  stageId: '',
  eventType: null,
};

export function HistoryFilters({ value, onChange }: { value: HistoryFilterState; onChange: (next: HistoryFilterState) => void }) {
  const set = (patch: Partial<HistoryFilterState>) => onChange({ ...value, ...patch });
  return (
    <Group gap="sm" wrap="wrap" align="flex-end">
      <SegmentedControl
        aria-label="Range"
        data={rangeChoices.map((r) => ({ value: r.value, label: r.label }))}
        value={value.range}
        onChange={(range) => set({ range: range as RangeChoice })}
        // On a phone the five ranges wrap to a second line rather than hide "Last 7 days" and "Custom" behind a
        // sideways scroll that nothing shows.
        style={{ maxWidth: '100%', flexWrap: 'wrap' }}
      />
      {value.range === 'custom' && (
        <>
          <TextInput
            type="datetime-local"
            label="From"
            value={value.customFrom}
            onChange={(e) => set({ customFrom: e.currentTarget.value })}
          />
          <TextInput
            type="datetime-local"
            label="To"
            value={value.customTo}
            onChange={(e) => set({ customTo: e.currentTarget.value })}
          />
        </>
      )}
      <TextInput
        label="Probe"
        placeholder="Probe ID"
        value={value.probeID}
        onChange={(e) => set({ probeID: e.currentTarget.value })}
        w={140}
      />
      <NumberInput
        label="Pack"
        placeholder="Pack id"
        value={value.packId}
        onChange={(packId) => set({ packId })}
        w={110}
        hideControls
        allowDecimal={false}
      />
      <NumberInput
        label="Stage"
        placeholder="Stage id"
        value={value.stageId}
        onChange={(stageId) => set({ stageId })}
        w={110}
        hideControls
        allowDecimal={false}
      />
      <Select
        label="Event type"
        placeholder="Any"
        data={['Critical', 'Warning']}
        value={value.eventType}
        onChange={(eventType) => set({ eventType })}
        clearable
        w={130}
      />
    </Group>
  );
}
