import { expect, test } from '@playwright/test';
import { signIn, urlFor } from './sign-in.ts';

/**
 * Tags (spec §2 /tags, /tag/{id}, 'New tag'; §5: company and name required,
 * description optional): made from a company's Tags tab with a colour, found in the list,
 * opened, edited and deleted; an end user reads tags but has no way to write them.
 */
test('an admin makes a coloured tag in a company, opens its page, edits and deletes it', async ({ page }) => {
  const name = `Rooftop ${Date.now().toString(36)}`;
  await signIn(page, 'admin@acme.example');
  await page.getByTestId('nav-tags').click();
  await expect(page).toHaveURL(/\/tags$/);
  await expect(
    page.getByRole('grid', { name: 'Tags' }).getByRole('link', { name: 'Warehouse' }),
  ).toBeVisible();

  await page.goto(urlFor('acme.localhost', '/companies'));
  await page.getByRole('grid').getByRole('link', { name: 'Acme West', exact: true }).click();
  await page.getByRole('tab', { name: 'Tags' }).click();
  await expect(page).toHaveURL(/\/companies\/\d+\/tags$/);
  await page.getByTestId('new-tag').click();
  const dialog = page.getByRole('dialog', { name: 'New tag' });
  await expect(dialog.getByRole('combobox', { name: 'Company' })).toHaveValue('Acme West');
  await dialog.getByRole('textbox', { name: 'Name' }).fill(name);
  await dialog.getByRole('textbox', { name: 'Colour', exact: true }).fill('red');
  await dialog.getByRole('button', { name: 'New tag' }).click();
  await expect(dialog.getByText('Enter a colour like #1a73e8')).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Colour', exact: true }).fill('#E8710A');
  await dialog.getByRole('button', { name: 'New tag' }).click();
  await expect(page.getByText('Tag created successfully')).toBeVisible();

  const chip = page.getByRole('grid', { name: 'Tags' }).getByRole('link', { name });
  await expect(chip.locator('.MuiChip-root')).toHaveCSS('background-color', 'rgb(232, 113, 10)');
  await chip.click();
  await expect(page).toHaveURL(/\/tag\/\d+$/);
  await expect(page.getByTestId('page-title')).toHaveText(name);
  await expect(page.getByTestId('tag-description')).toHaveText('No description');

  await page.getByRole('button', { name: 'Edit tag' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit tag' });
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(edit.getByText('Please input different value to save changes.')).toBeVisible();
  await edit.getByRole('textbox', { name: 'Description' }).fill('Units on building roofs');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByTestId('tag-description')).toHaveText('Units on building roofs');

  await page.getByRole('button', { name: 'Delete tag' }).click();
  await page.getByRole('dialog', { name: 'Delete tag' }).getByRole('button', { name: 'Delete tag' }).click();
  await expect(page).toHaveURL(/\/tags$/);
  await expect(page.getByText(`The tag ${name} was deleted.`)).toBeVisible();
  await expect(page.getByRole('grid', { name: 'Tags' }).getByRole('link', { name })).toHaveCount(0);
});

test('an end user reads the tags of its company and has no way to write them', async ({ page }) => {
  await signIn(page, 'user@northwind.example');
  await page.getByTestId('nav-tags').click();
  await expect(page.getByRole('grid', { name: 'Tags' })).toBeVisible();
  await expect(page.getByTestId('new-tag')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Edit tag' })).toHaveCount(0);
});
