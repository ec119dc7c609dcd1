// The Generate dialog: the "New API Key" form, then the "API Key Generated" view once the key exists.
import type { CreatedApiKey } from '@bpm/protocol';
import { Modal } from '@mantine/core';
import { useState } from 'react';
import { KeyGeneratedView } from './key-generated-view';
import { NewKeyForm } from './new-key-form';

export function GenerateKeyModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  const close = () => {
    setCreated(null);
    onClose();
  };
  return (
    <Modal opened={opened} onClose={close} title={created ? 'API Key Generated' : 'New API Key'} centered size="lg">
      {created ? <KeyGeneratedView apiKey={created} onDone={close} /> : <NewKeyForm onCancel={close} onCreated={setCreated} />}
    </Modal>
  );
}
