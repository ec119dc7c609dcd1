// NotFound (docs/screens.md (NotFound)): any unknown path, and a guarded page whose permission the user lacks.
import { Anchor, Center, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';

export function NotFoundPage() {
  return (
    <Center mih="60vh" p="md">
      <Stack align="center" gap="xs">
        <Title order={2}>Not Found</Title>
        <Text ta="center">
          Oops, we couldn't find that page. Try going{' '}
          <Anchor component={Link} to={paths.home}>
            home
          </Anchor>
        </Text>
      </Stack>
    </Center>
  );
}
