// Acknowledging from wherever the alarm is (docs/alarms.md (Web)): the Alarms page's rows and cards, its "Acknowledge
// selected", and Probe Details (which the Dashboard's "Unacknowledged" marker opens). One button, one rule for many.
import { alarmLimits, type Alarm } from '@bpm/protocol';
import { Modal, Stack, Text, Textarea } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { acknowledgeWithoutCommentMax, alarmName, useAcknowledgeAlarm, useAcknowledgeAlarms } from '../../lib/alarm-acknowledge';
import { ModalActions } from './modal-actions';
import { PermissionButton } from './permission-button';

/**
 * One alarm's Acknowledge. `onAcknowledge` is called at the click; what it returns runs once the server has answered
 * (a list moves the keyboard focus on then: `focusOnAfterAcknowledge`).
 */
export function AcknowledgeButton({
  alarm,
  canAct,
  autoFocus = false,
  onAcknowledge,
}: {
  alarm: Pick<Alarm, 'id' | 'probeID'>;
  canAct: boolean;
  /** Takes the focus when its modal opens (Mantine's data-autofocus). */
  autoFocus?: boolean;
  onAcknowledge?: (id: number) => () => void;
}) {
  const acknowledge = useAcknowledgeAlarm();
  return (
    <PermissionButton
      size="compact-sm"
      isAllowed={canAct}
      loading={acknowledge.isPending}
      aria-label={`Acknowledge ${alarmName(alarm)}`}
      {...(autoFocus && { 'data-autofocus': true })}
      onClick={() => acknowledge.mutate({ id: alarm.id, then: onAcknowledge?.(alarm.id) })}
    >
      Acknowledge
    </PermissionButton>
  );
}

/**
 * Called as alarm `id` of `list` (in the order shown) is acknowledged: returns what moves the keyboard focus, once the
 * server has answered, to the next alarm's Acknowledge (the previous one's after the last), so a keyboard user
 * acknowledges one after another (docs/alarms.md (Web)); to `fallback()` when none is left. The order is taken at the
 * click, as the acknowledged alarm moves down the list; which alarms still have an Acknowledge is read when the focus
 * moves, since an earlier acknowledgement may reach the list only after this click. Focus the user has taken
 * elsewhere meanwhile stays there.
 */
export function focusOnAfterAcknowledge(list: readonly Alarm[], id: number, fallback: () => HTMLElement | null): () => void {
  const at = list.findIndex((a) => a.id === id);
  const candidates = [...list.slice(at + 1), ...(at > 0 ? list.slice(0, at).reverse() : [])];
  const focusedAtClick = document.activeElement;
  return () => {
    const focused = document.activeElement;
    if (focused !== focusedAtClick && focused !== null && focused !== document.body) return;
    const buttonOf = (alarm: Alarm) =>
      document.querySelector<HTMLElement>(`[aria-label="Acknowledge ${CSS.escape(alarmName(alarm))}"]`);
    const button = candidates.map(buttonOf).find((found) => found !== null);
    (button ?? fallback())?.focus();
  };
}

/**
 * Acknowledges a selection: at once up to `acknowledgeWithoutCommentMax` alarms, above that after a confirmation that
 * asks for a comment, stored with each acknowledgement. Render `modal` once.
 */
export function useAcknowledgeSelection(): {
  acknowledge: (ids: number[], onDone: () => void) => void;
  isPending: boolean;
  modal: ReactNode;
} {
  const mutation = useAcknowledgeAlarms();
  const [asking, setAsking] = useState<{ ids: number[]; onDone: () => void } | null>(null);
  const acknowledge = (ids: number[], onDone: () => void) => {
    if (ids.length > acknowledgeWithoutCommentMax) setAsking({ ids, onDone });
    else mutation.mutate({ ids }, { onSuccess: onDone });
  };
  const close = () => {
    mutation.reset();
    setAsking(null);
  };
  const modal = (
    <Modal opened={asking !== null} onClose={close} title={`Acknowledge ${asking?.ids.length ?? ''} alarms`} centered>
      {asking && (
        <CommentForm
          count={asking.ids.length}
          isPending={mutation.isPending}
          error={mutation.error?.message}
          onCancel={close}
          onSubmit={(comment) =>
            mutation.mutate(
              { ids: asking.ids, comment },
              {
                onSuccess: () => {
                  asking.onDone();
                  setAsking(null);
                },
              },
            )
          }
        />
      )}
    </Modal>
  );
  return { acknowledge, isPending: mutation.isPending, modal };
}

function CommentForm({
  count,
  isPending,
  error,
  onCancel,
  onSubmit,
}: {
  count: number;
  isPending: boolean;
  error: string | undefined;
  onCancel: () => void;
  onSubmit: (comment: string) => void;
}) {
  const [comment, setComment] = useState('');
  const trimmed = comment.trim();
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        if (trimmed) onSubmit(trimmed);
      }}
    >
      <Stack gap="sm">
        <Text size="sm">
          You are acknowledging {count} alarms at once. Say why: the comment is stored with each acknowledgement.
        </Text>
        <Textarea
          label="Comment"
          required
          data-autofocus
          autosize
          minRows={2}
          maxLength={alarmLimits.commentMaxLength}
          description={`Up to ${alarmLimits.commentMaxLength} characters`}
          value={comment}
          onChange={(event) => setComment(event.currentTarget.value)}
        />
        {error && (
          <Text c="red" size="sm" role="alert">
            {error}
          </Text>
        )}
        <ModalActions
          onCancel={onCancel}
          isPending={isPending}
          disabled={trimmed.length === 0}
          label={`Acknowledge ${count} alarms`}
          pendingLabel="Acknowledging..."
        />
      </Stack>
    </form>
  );
}
