// API keys: generate one, run the shown check command's request with its token, delete it.
import { createUserWithRole, expect, signInAs, test } from './fixtures';

test('a generated key answers the shown /keys/check command, and stops working once deleted', async ({
  page,
  server,
  adminApi,
  playwright,
}) => {
  // A user of its own, so keys other specs give the admin on this worker's server do not show up here.
  const owner = await createUserWithRole(adminApi, 'Operator');
  await signInAs(page, server, owner.username, owner.password, '/keys');
  await expect(page.getByText('No API keys found. Click the "Generate" button to create a new API key.')).toBeVisible();

  await page.getByRole('button', { name: 'Generate' }).click();
  const form = page.getByRole('dialog', { name: 'New API Key' });
  // Dates read one way everywhere (docs/screens.md (Dates and times)): the default expiration, tomorrow, too.
  await expect(form.getByRole('textbox', { name: 'Expiration' })).toHaveValue(/^\d{4}-\d\d-\d\d$/);
  await form.getByRole('button', { name: 'Generate' }).click();
  await expect(form.getByText('Key name is required')).toBeVisible();
  await form.getByLabel('Name').fill('line 3 gateway');
  await form.getByRole('button', { name: 'Generate' }).click();

  const generated = page.getByRole('dialog', { name: 'API Key Generated' });
  await expect(generated.getByText("Make sure to copy your api key now. You won't be able to see it again!")).toBeVisible();
  const token = (await generated.getByLabel('Token', { exact: true }).textContent())!.trim();
  expect(token).toMatch(/^bpm_[A-Za-z0-9]{40,}$/);
  const command = (await generated.getByLabel('Command', { exact: true }).textContent())!.trim();
  expect(command).toBe(`curl -H "Authorization: Bearer ${token}" ${server.url}/api/keys/check`);

  // Chromium lets a click write the clipboard; its headless shell asks for the permission a user's click stands for.
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await generated.getByRole('button', { name: 'Copy Token' }).click();
  await expect(generated.getByRole('button', { name: 'Token copied' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(token);
  await expect(generated.getByRole('button', { name: 'Copy Token' })).toBeVisible();

  // Send exactly the request the command describes, without any cookie.
  const [, header, url] = /^curl -H "([^"]+)" (\S+)$/.exec(command)!;
  const [headerName, headerValue] = header!.split(': ');
  const anonymous = await playwright.request.newContext();
  const check = await anonymous.get(url!, { headers: { [headerName!]: headerValue! } });
  expect(check.status()).toBe(200);
  expect(await check.json()).toMatchObject({ username: owner.username, keyName: 'line 3 gateway' });

  await generated.getByRole('button', { name: 'Understood' }).click();
  const keyRow = page.getByRole('listitem').filter({ hasText: 'line 3 gateway' });
  await expect(keyRow).toBeVisible();
  await expect(keyRow.getByText(/^\d{4}-\d\d-\d\d$/)).toBeVisible();
  await page.getByRole('button', { name: 'Delete line 3 gateway' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete API Key' });
  await expect(confirm.getByText(/no longer be able to access the Battery Probe Monitor API/)).toBeVisible();
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(confirm).toBeHidden();
  await expect(page.getByText('No API keys found. Click the "Generate" button to create a new API key.')).toBeVisible();

  expect((await anonymous.get(url!, { headers: { [headerName!]: headerValue! } })).status()).toBe(401);
  await anonymous.dispose();
});
