import { expect, test } from '@playwright/test';
import { signIn, urlFor } from './sign-in.ts';

/**
 * Periodic backup rules (issue 22 "Backups"), the Backups page's Periodic rules tab against the
 * real API: a rule for a tag, daily at 03:00, shows when it runs next in its company's time zone;
 * edited to weekly, switched off, then deleted. Bad values are said on their fields and nothing
 * is saved.
 */

/** The next 03:00 UTC from now, as the console writes a date in English (the demo companies are in UTC). */
function nextThreeAm(): string {
  const at = new Date();
  at.setUTCHours(3, 0, 0, 0);
  if (at <= new Date()) at.setUTCDate(at.getUTCDate() + 1);
  return new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' }).format(
    at,
  );
}

test('a rule for a tag: made daily at 03:00 with its next run, changed to weekly, switched off, deleted', async ({
  page,
}) => {
  test.setTimeout(60_000);
  await signIn(page, 'admin@acme.example', 'acme.localhost');
  await page.goto(urlFor('acme.localhost', '/management/upload-backup'));
  await page.getByTestId('backup-rules-tab').click();
  await expect(page).toHaveURL(/\?view=rules$/);

  // Bad values: no name, keep 0, no tag chosen, a time that is none: each said on its field.
  await page.getByTestId('backup-rule-new').click();
  const editor = page.getByRole('dialog', { name: 'New rule' });
  const name = editor.getByRole('textbox', { name: 'Name' });
  const keep = editor.getByRole('spinbutton', { name: 'Backups kept per device' });
  const time = editor.getByRole('textbox', { name: 'Time of day' });
  await keep.fill('0');
  await time.fill('25:00');
  await editor.getByTestId('backup-rule-save').click();
  await expect(name).toHaveAttribute('aria-invalid', 'true');
  await expect(keep).toHaveAttribute('aria-invalid', 'true');
  await expect(time).toHaveAttribute('aria-invalid', 'true');
  await expect(editor).toContainText('Enter a time as HH:MM (00:00–23:59).');
  await expect(editor).toContainText('Choose a tag.');

  // Put right: a name, the Warehouse tag, daily at 03:00, keep 5.
  await name.fill('Warehouse nightly');
  await keep.fill('5');
  await time.fill('03:00');
  await editor.getByRole('combobox', { name: 'Tag' }).click();
  await page.getByRole('option', { name: /^Warehouse/ }).click();
  await editor.getByTestId('backup-rule-save').click();
  await expect(page.getByText('Backup rule “Warehouse nightly” created.')).toBeVisible();
  await expect(editor).toHaveCount(0);

  const rules = page.getByRole('grid', { name: 'Periodic backup rules' });
  const row = rules.getByRole('row').filter({ hasText: 'Warehouse nightly' });
  await expect(row).toContainText('Tag Warehouse');
  await expect(row.getByTestId('backup-rule-schedule')).toHaveText('Daily at 03:00 (UTC)');
  await expect(row).toContainText('Last 5');
  await expect(row.getByTestId('backup-rule-next')).toHaveText(`${nextThreeAm()} (UTC)`);
  await expect(row).toContainText('Not run yet');

  // Weekly, on Mondays by default.
  await row.getByRole('button', { name: 'Edit rule' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit rule' });
  await edit.getByRole('combobox', { name: 'How often' }).click();
  await page.getByRole('option', { name: 'Weekly' }).click();
  await expect(edit.getByRole('combobox', { name: 'Weekday' })).toHaveText('Monday');
  await edit.getByTestId('backup-rule-save').click();
  await expect(page.getByText('Backup rule “Warehouse nightly” saved.')).toBeVisible();
  await expect(row.getByTestId('backup-rule-schedule')).toHaveText('Weekly on Monday at 03:00 (UTC)');
  await expect(row.getByTestId('backup-rule-next')).toContainText('(UTC)');

  // Off: no next run.
  const switchOn = row.getByTestId('backup-rule-switch');
  await expect(switchOn).toHaveAccessibleName('Backup rule “Warehouse nightly” on');
  await switchOn.click();
  await expect(page.getByText('Backup rule “Warehouse nightly” is off.')).toBeVisible();
  await expect(row.getByTestId('backup-rule-next')).toHaveText('Off');

  // Deleted, after the question.
  await row.getByRole('button', { name: 'Delete rule' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete rule' });
  await expect(confirm).toContainText('Delete the backup rule “Warehouse nightly”?');
  await confirm.getByRole('button', { name: 'Delete rule' }).click();
  await expect(page.getByText('Backup rule “Warehouse nightly” deleted.')).toBeVisible();
  await expect(rules.getByRole('row').filter({ hasText: 'Warehouse nightly' })).toHaveCount(0);
});
