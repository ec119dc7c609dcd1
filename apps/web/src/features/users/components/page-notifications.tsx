// The Users page's notification list (docs/screens.md (Users)): messages stay until their × is clicked.
import { Notification, Stack } from '@mantine/core';
import { useCallback, useRef, useState } from 'react';

export interface PageNotification {
  id: number;
  kind: 'success' | 'error';
  message: string;
}

export function usePageNotifications() {
  const [items, setItems] = useState<PageNotification[]>([]);
  const nextId = useRef(1);
  const push = useCallback((kind: PageNotification['kind'], message: string) => {
    const id = nextId.current++;
    setItems((current) => [...current, { id, kind, message }]);
  }, []);
  const dismiss = useCallback((id: number) => setItems((current) => current.filter((item) => item.id !== id)), []);
  return { items, push, dismiss };
}

export function PageNotifications({ items, onDismiss }: { items: PageNotification[]; onDismiss: (id: number) => void }) {
  if (items.length === 0) return null;
  return (
    <Stack gap="xs" aria-label="Notifications" role="list">
      {items.map((item) => (
        <Notification
          key={item.id}
          role="listitem"
          color={item.kind === 'success' ? 'green' : 'red'}
          withBorder
          onClose={() => onDismiss(item.id)}
          closeButtonProps={{ 'aria-label': 'Close notification' }}
        >
          {item.message}
        </Notification>
      ))}
    </Stack>
  );
}
