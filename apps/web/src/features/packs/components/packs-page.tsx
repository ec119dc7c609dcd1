// The Battery packs page (/packs): where "Find a battery pack" lives, reached from the sidebar.
import { Paper, Stack, Text, Title } from '@mantine/core';
import { FindPack } from './find-pack';

export function PacksPage() {
  return (
    <Stack gap="md" p="md">
      <Title order={2}>Battery packs</Title>
      <Paper withBorder p="md">
        <Stack gap="sm">
          <Text size="sm" c="gray.7">
            Every battery pack a probe carried within the history's retention, with its journey through the build stages.
          </Text>
          <FindPack autoFocus />
        </Stack>
      </Paper>
    </Stack>
  );
}
