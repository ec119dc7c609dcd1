// Shown while the guard answers on the first load of a guarded page.
import { Center } from '@mantine/core';
import { LoadingIndicator } from '../../components/ui/loading-indicator';

export function FullPageLoader() {
  return (
    <Center h="100vh">
      <LoadingIndicator label="Loading" />
    </Center>
  );
}
