// Shown while the guard answers on the first load of a guarded page.
import { Center, Loader } from '@mantine/core';

export function FullPageLoader() {
  return (
    <Center h="100vh">
      <Loader aria-label="Loading" />
    </Center>
  );
}
