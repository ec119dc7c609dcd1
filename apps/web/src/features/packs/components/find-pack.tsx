// "Find a battery pack" (docs/history.md): search by id or name as you type; each result opens the
// pack's journey. On the Battery packs page and at the top of each pack page.
import { Anchor, Loader, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { packHref } from '../../../config/paths';
import { formatDateTime } from '../../../lib/date-format';
import { packQueries } from '../api/packs-api';

export function FindPack({ autoFocus = false }: { autoFocus?: boolean }) {
  const [text, setText] = useState('');
  const [q] = useDebouncedValue(text.trim(), 250);
  const query = useQuery({ ...packQueries.search(q), enabled: q !== '', placeholderData: keepPreviousData });
  return (
    <Stack gap="xs">
      <TextInput
        label="Find a battery pack"
        placeholder="Pack id or name"
        value={text}
        onChange={(event) => setText(event.currentTarget.value)}
        rightSection={query.isFetching ? <Loader size="xs" /> : undefined}
        autoFocus={autoFocus}
        maw={420}
      />
      {q !== '' && query.isError && (
        <Text size="sm" c="red">
          {query.error.message}
        </Text>
      )}
      {q !== '' && query.data && (
        <nav aria-label="Battery packs found">
          {query.data.length === 0 ? (
            <Text size="sm" c="gray.7">
              No battery pack matches “{q}”.
            </Text>
          ) : (
            <Stack gap={4}>
              {query.data.map((pack) => (
                <Text key={pack.id} size="sm">
                  <Anchor c="blue.8" component={Link} to={packHref(pack.id)}>
                    {pack.name}
                  </Anchor>{' '}
                  <Text span c="gray.7" size="sm">
                    (id {pack.id}, last seen {formatDateTime(pack.lastSeen)})
                  </Text>
                </Text>
              ))}
            </Stack>
          )}
        </nav>
      )}
    </Stack>
  );
}
