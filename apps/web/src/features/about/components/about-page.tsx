// About (docs/screens.md (About)): version (from the package, docs/data-model.md (Product identity)), contact, support hours, copyright.
import { productName } from '@bpm/protocol';
import { Anchor, Card, Divider, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { version } from '../../../../../../package.json';
import { contact, copyrightYear, supportHours } from '../contact';
import { useStepProgress } from './use-step-progress';

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Card withBorder padding="lg" radius="md" component="section" aria-label={title}>
      <Title order={3} size="h4" mb="sm">
        {title}
      </Title>
      <Stack gap={6}>{children}</Stack>
    </Card>
  );
}

export function AboutPage() {
  useStepProgress();
  return (
    <Stack maw={900} gap="md">
      <Title order={2}>About</Title>
      <SimpleGrid cols={{ base: 1, md: 3 }} spacing="md">
        <Section title="Application Information">
          <Text fw={600}>{productName}</Text>
          <Text>
            Version:{' '}
            <Text span ff="monospace">
              {version}
            </Text>
          </Text>
        </Section>
        <Section title="Contact Us">
          <Text style={{ overflowWrap: 'anywhere' }}>
            Email: <Anchor href={`mailto:${contact.email}`}>{contact.email}</Anchor>
          </Text>
          <Text>
            Telephone: <Anchor href={`tel:${contact.telephone.replace(/\s/g, '')}`}>{contact.telephone}</Anchor>
          </Text>
          <Text component="address" style={{ fontStyle: 'normal' }}>
            {contact.postalAddress.map((line) => (
              <span key={line}>
                {line}
                <br />
              </span>
            ))}
          </Text>
        </Section>
        <Section title="Support">
          <Text>For technical assistance, please contact our support team during business hours</Text>
          <Text>Hours: {supportHours}</Text>
        </Section>
      </SimpleGrid>
      <Divider />
      <Text component="footer" size="sm" c="dimmed" ta="center">
        © {copyrightYear} {productName}. All rights reserved.
      </Text>
    </Stack>
  );
}
