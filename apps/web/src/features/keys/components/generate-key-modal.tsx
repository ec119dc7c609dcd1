// The Generate dialog: the "New API Key" form, then the "API Key Generated" view once the key exists. The token
// is shown once, so that view closes only through Understood: no ×, no Escape, no click outside; Escape in the
// date picker closes the picker, not the dialog (docs/operator-screen.md "API key safety").
import type { CreatedApiKey } from '@bpm/protocol';
import { Modal } from '@mantine/core';
import { useState } from 'react';
import { KeyGeneratedView } from './key-generated-view';
import { NewKeyForm } from './new-key-form';

export function GenerateKeyModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  const [isPickerOpen, setPickerOpen] = useState(false);
  const close = () => {
    setCreated(null);
    setPickerOpen(false);
    onClose();
  };
  return (
    <Modal
      opened={opened}
      onClose={close}
      title={created ? 'API Key Generated' : 'New API Key'}
      centered
      size="lg"
      withCloseButton={!created}
      closeOnEscape={!created && !isPickerOpen}
      closeOnClickOutside={!created}
    >
      {created ? (
        <KeyGeneratedView apiKey={created} onDone={close} />
      ) : (
        <NewKeyForm onCancel={close} onPickerChange={setPickerOpen} onCreated={setCreated} />
      )}
    </Modal>
  );
}
