// @vitest-environment jsdom

import type { Tag } from '@fleetport/contracts/tags';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeApi, renderWithForms, testUser } from '../../../shared/forms/testing.tsx';
import { ModalHost } from '../../../shared/modals/ModalHost.tsx';
import { inAct, resetModals } from '../../../shared/modals/testing.tsx';
import { DEVICE_LIST_KEY } from '../api/list-devices.ts';
import { openBulkAction } from './BulkDevicesDialog.tsx';

afterEach(resetModals);
// The New tag form loads when first asked for; loaded here once, so no test waits on a cold import.
await import('../../../shared/tags/new-tag-dialog.tsx');

const list = (rows: { id: number; name: string }[]) => () => ({ status: 200, data: { data: rows } });
const made: Tag = {
  id: 9,
  company_id: 1,
  company_name: 'Acme',
  name: 'Rollout wave 3',
  description: null,
  color: null,
  created_at: '2026-01-01T00:00:00.000Z',
};
const createTagLabel = (name: string) => i18next.t('devices.bulk.createTag', { name });

/** Types `text` into the dialog's tag picker in one go (as a paste: one input event). */
async function typeTag(user: ReturnType<typeof userEvent.setup>, dialog: HTMLElement, text: string) {
  await user.click(within(dialog).getByRole('combobox', { name: 'Tags' }));
  await user.paste(text);
}

/** The two selected devices, both in Acme, as the list's cached page holds them. */
const selection = { ids: [7, 8] };
const cachedPage = { data: [7, 8].map((id) => ({ id, name: `Gate ${id}`, company_id: 1 })) };

function openAddTags(permissions: string[], action: 'add_tags' | 'remove_tags' = 'add_tags') {
  const rendered = renderWithForms(<ModalHost />, { user: testUser(permissions) });
  rendered.queryClient.setQueryData([...DEVICE_LIST_KEY, { limit: 25 }], cachedPage);
  inAct(() => openBulkAction(action, selection, undefined, rendered.queryClient, () => undefined));
  return rendered;
}

describe("bulk 'Add tags': a missing tag is made from the dialog (manage_tags)", () => {
  it('with manage_tags: "Create tag" opens New tag in the devices\' company; the tag made is chosen and applied', async () => {
    const user = userEvent.setup();
    const server = fakeApi({
      'GET /tags': list([{ id: 1, name: 'Alpha' }]),
      'GET /companies': list([
        { id: 1, name: 'Acme' },
        { id: 2, name: 'Acme West' },
      ]),
      'POST /tags': () => ({ status: 201, data: { success: true, data: made } }),
      'POST /devices/bulk': () => ({ status: 200, data: { success: true, data: { affected: 2 } } }),
    });
    openAddTags(['manage_devices', 'manage_tags']);
    const addTags = await screen.findByRole('dialog', { name: 'Add tags' });
    expect(within(addTags).getByText(i18next.t('devices.bulk.createTagHint'))).toBeTruthy();

    await typeTag(user, addTags, 'Rollout wave 3');
    await user.click(await screen.findByRole('option', { name: createTagLabel('Rollout wave 3') }));

    const newTag = await screen.findByRole('dialog', { name: 'New tag' });
    expect(within(newTag).getByRole('textbox', { name: 'Name' })).toHaveProperty('value', 'Rollout wave 3');
    await waitFor(() =>
      expect(within(newTag).getByRole('combobox', { name: 'Company' })).toHaveProperty('value', 'Acme'),
    );
    await user.click(within(newTag).getByRole('button', { name: 'New tag' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'New tag' })).toBeNull());
    expect(server.requests('POST /tags')[0]?.body).toMatchObject({ company_id: 1, name: 'Rollout wave 3' });

    // The tag made is chosen in the field, and the tags' list is asked again.
    const back = await screen.findByRole('dialog', { name: 'Add tags' });
    expect(await within(back).findByRole('button', { name: 'Rollout wave 3' })).toBeTruthy();
    await waitFor(() => expect(server.requests('GET /tags').length).toBeGreaterThan(1));
    await user.click(within(back).getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(server.requests('POST /devices/bulk')).toHaveLength(1));
    expect(server.requests('POST /devices/bulk')[0]?.body).toEqual({
      action: 'add_tags',
      tag_ids: [9],
      ids: [7, 8],
    });
  });

  it('closing New tag without making one leaves the choice as it was', async () => {
    const user = userEvent.setup();
    const server = fakeApi({
      'GET /tags': list([{ id: 1, name: 'Alpha' }]),
      'GET /companies': list([{ id: 1, name: 'Acme' }]),
    });
    openAddTags(['manage_tags']);
    const addTags = await screen.findByRole('dialog', { name: 'Add tags' });
    await user.click(within(addTags).getByRole('combobox', { name: 'Tags' }));
    await user.click(await screen.findByRole('option', { name: 'Alpha' }));
    await typeTag(user, addTags, 'Wave');
    await user.click(await screen.findByRole('option', { name: createTagLabel('Wave') }));
    const newTag = await screen.findByRole('dialog', { name: 'New tag' });
    await user.click(within(newTag).getByRole('button', { name: 'Cancel' }));

    const back = await screen.findByRole('dialog', { name: 'Add tags' });
    expect(within(back).getByRole('button', { name: 'Alpha' })).toBeTruthy();
    expect(within(back).queryByRole('button', { name: 'Wave' })).toBeNull();
    expect(server.requests('POST /tags')).toEqual([]);
  });

  it('without manage_tags, or while removing tags, nothing offers to make a tag', async () => {
    const user = userEvent.setup();
    fakeApi({ 'GET /tags': list([{ id: 1, name: 'Alpha' }]) });
    openAddTags(['manage_devices']);
    const addTags = await screen.findByRole('dialog', { name: 'Add tags' });
    expect(within(addTags).queryByText(i18next.t('devices.bulk.createTagHint'))).toBeNull();
    await typeTag(user, addTags, 'Rollout wave 3');
    expect(await screen.findByText(i18next.t('forms.itemSelect.noOptions'))).toBeTruthy();
    expect(screen.queryByRole('option', { name: createTagLabel('Rollout wave 3') })).toBeNull();
    resetModals();

    openAddTags(['manage_devices', 'manage_tags'], 'remove_tags');
    const removeTags = await screen.findByRole('dialog', { name: 'Remove tags' });
    expect(within(removeTags).queryByText(i18next.t('devices.bulk.createTagHint'))).toBeNull();
    await typeTag(user, removeTags, 'Rollout wave 3');
    expect(await screen.findByText(i18next.t('forms.itemSelect.noOptions'))).toBeTruthy();
    expect(screen.queryByRole('option', { name: createTagLabel('Rollout wave 3') })).toBeNull();
  });
});
