// A rule's escalation as a timeline (docs/notifications.md "Rules"): each step when it comes after the alarm is
// raised and the channels it sends to, then the repeat and the "cleared" message.
import type { Channel, Rule } from '@bpm/protocol';
import { Text, Timeline } from '@mantine/core';

export const minutesText = (minutes: number) =>
  minutes === 0 ? 'at once' : minutes < 60 || minutes % 60 !== 0 ? `after ${minutes} min` : `after ${minutes / 60} h`;

export function channelNames(ids: readonly number[], channels: readonly Channel[]): string {
  return ids.map((id) => channels.find((c) => c.id === id)?.name ?? `Channel ${id} (deleted)`).join(', ');
}

export function RuleTimeline({
  rule,
  channels,
}: {
  rule: Pick<Rule, 'steps' | 'repeatMinutes' | 'notifyCleared'>;
  channels: Channel[];
}) {
  const { steps, repeatMinutes, notifyCleared } = rule;
  const extra = (repeatMinutes !== null ? 1 : 0) + (notifyCleared ? 1 : 0);
  return (
    <Timeline active={steps.length + extra - 1} bulletSize={14} lineWidth={2} color="blue.8">
      {steps.map((step, index) => (
        <Timeline.Item key={index} title={`Step ${index + 1}: ${minutesText(step.afterMinutes)}`}>
          <Text size="sm">{channelNames(step.channelIds, channels)}</Text>
        </Timeline.Item>
      ))}
      {repeatMinutes !== null && (
        <Timeline.Item title={`Repeat every ${repeatMinutes} min`}>
          <Text size="sm">The last step again while the alarm stays unacknowledged</Text>
        </Timeline.Item>
      )}
      {notifyCleared && (
        <Timeline.Item title="Cleared">
          <Text size="sm">"Cleared" to the channels already notified</Text>
        </Timeline.Item>
      )}
    </Timeline>
  );
}
