// API key safety (docs/operator-screen.md): the one-time token view closes only through Understood; Enter in the
// date field and Escape in the date picker neither generate the key nor close the dialog.
import { createUserWithRole, expect, signInAs, test } from './fixtures';

test('Enter in the date field and Escape in the picker keep the form; the token view refuses Escape and outside clicks', async ({
  page,
  adminApi,
  server,
}) => {
  const owner = await createUserWithRole(adminApi, 'Operator');
  await signInAs(page, server, owner.username, owner.password, '/keys');
  const generate = page.getByRole('main').getByRole('button', { name: 'Generate' });
  await generate.click();
  const form = page.getByRole('dialog', { name: 'New API Key' });
  // Focus starts in the first field.
  await expect(form.getByLabel('Name')).toBeFocused();
  await form.getByLabel('Name').fill('gateway 7');

  const expiration = form.getByRole('textbox', { name: 'Expiration' });
  await expiration.click();
  const day = page.getByRole('button', { name: /^\d{1,2} \w+ \d{4}$/ }).first();
  await expect(day).toBeVisible();
  await expiration.press('Enter');
  await page.keyboard.press('Escape');
  await expect(day).toBeHidden();
  await expect(form).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'API Key Generated' })).toHaveCount(0);
  expect(await (await page.request.get('/api/keys')).json()).toEqual([]);

  await form.getByRole('button', { name: 'Generate' }).click();
  const generated = page.getByRole('dialog', { name: 'API Key Generated' });
  await expect(generated.getByLabel('Token', { exact: true })).toBeVisible();
  await expect(generated.getByRole('button', { name: 'Dismiss dialog' })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await page.mouse.click(5, 5);
  await expect(generated).toBeVisible();
  await generated.getByRole('button', { name: 'Understood' }).click();
  await expect(generated).toBeHidden();
  // Focus returns to the control that opened the dialog.
  await expect(generate).toBeFocused();
});
