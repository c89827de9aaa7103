// @vitest-environment jsdom
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useEffect } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { selections } from '../selection/selection-store.ts';
import { useModalControls } from './controls.ts';
import { confirmModal, promptModal } from './prompts.ts';
import { registerModal } from './registry.ts';
import { enableReminder, isReminderDismissed, reminderStorageKey } from './reminders.ts';
import { getModals, openModal } from './store.ts';
import { fakeUserStorage, inAct, renderHost, resetModals } from './testing.tsx';

afterEach(resetModals);

const dialog = (name: string) => screen.findByRole('dialog', { name });
const confirmButton = (paper: HTMLElement) => within(paper).getByRole('button', { name: 'Confirm' });
const isDisabled = (button: HTMLElement) => (button as HTMLButtonElement).disabled;

describe('prompt modals', () => {
  it('spec §4: a prompt with an input submits on form submit and passes the typed value to the confirm handler', async () => {
    const user = userEvent.setup();
    const confirm = vi.fn();
    renderHost();
    inAct(() => openModal({ title: 'Rename device', input: { label: 'Name' }, confirm }));
    const field = within(await dialog('Rename device')).getByRole('textbox', { name: 'Name' });

    await user.type(field, 'gateway-7{Enter}');

    expect(confirm).toHaveBeenCalledWith({ value: 'gateway-7', selection: [], returnValue: undefined });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Rename device' })).toBeNull());
  });

  it('spec §5: a prompt input is required: Confirm is disabled while it is empty', async () => {
    const user = userEvent.setup();
    renderHost();
    inAct(() => openModal({ title: 'Rename', input: { label: 'Name' }, confirm: () => {} }));
    const paper = await dialog('Rename');
    const field = within(paper).getByRole('textbox', { name: 'Name' });
    expect(field).toHaveProperty('required', true);
    expect(isDisabled(confirmButton(paper))).toBe(true);
    await user.type(field, 'x');
    expect(isDisabled(confirmButton(paper))).toBe(false);
    await user.clear(field);
    expect(isDisabled(confirmButton(paper))).toBe(true);
  });

  it('promptModal resolves with the typed value, and with undefined on Cancel', async () => {
    const user = userEvent.setup();
    renderHost();
    const typed = promptModal({ title: 'Label', input: { label: 'Label' } });
    await user.type(within(await dialog('Label')).getByRole('textbox', { name: 'Label' }), 'north{Enter}');
    await expect(typed).resolves.toBe('north');

    const cancelled = promptModal({ title: 'Label', input: { label: 'Label' } });
    await user.click(within(await dialog('Label')).getByRole('button', { name: 'Cancel' }));
    await expect(cancelled).resolves.toBeUndefined();
  });

  it('a confirm handler that fails keeps the modal open with its message', async () => {
    const user = userEvent.setup();
    renderHost();
    inAct(() =>
      openModal({
        title: 'Delete',
        prompt: 'Delete 3 devices?',
        confirm: () => Promise.reject(new Error('Device is busy')),
      }),
    );
    const paper = await dialog('Delete');
    await user.click(confirmButton(paper));
    expect(await within(paper).findByRole('alert')).toHaveProperty('textContent', 'Device is busy');
    expect(getModals()).toHaveLength(1);
  });
});

describe('Confirm rules', () => {
  const devices = [
    { id: 1, label: 'RUT-1' },
    { id: 2, label: 'TRB-2' },
  ];

  it('spec §4: Confirm is disabled while a select-box modal has no selection', async () => {
    const user = userEvent.setup();
    const confirm = vi.fn();
    renderHost();
    inAct(() => openModal({ title: 'Reboot', selectBox: devices, confirm }));
    const paper = await dialog('Reboot');
    expect(isDisabled(confirmButton(paper))).toBe(false);

    await user.click(within(paper).getByRole('checkbox', { name: 'RUT-1' }));
    expect(isDisabled(confirmButton(paper))).toBe(false);
    await user.click(within(paper).getByRole('checkbox', { name: 'TRB-2' }));
    expect(isDisabled(confirmButton(paper))).toBe(true);
    await user.click(within(paper).getByRole('checkbox', { name: 'TRB-2' }));
    await user.click(confirmButton(paper));

    expect(confirm).toHaveBeenCalledWith({ value: '', selection: [2], returnValue: undefined });
  });

  it('spec §4: a read-only select box lists the items without checkboxes', async () => {
    renderHost();
    inAct(() =>
      openModal({ title: 'Reboot', selectBox: devices, selectBoxReadonly: true, confirm: () => {} }),
    );
    const paper = await dialog('Reboot');
    expect(within(paper).queryByRole('checkbox')).toBeNull();
    expect(within(paper).getByText('TRB-2')).toBeTruthy();
    expect(isDisabled(confirmButton(paper))).toBe(false);
  });

  it('spec §3 selectionKey: a modal without its own select box lists the selection stored under its key', async () => {
    const user = userEvent.setup();
    const confirm = vi.fn();
    selections.set('devices-table', devices);
    renderHost();
    inAct(() => openModal({ title: 'Reboot', selectionKey: 'devices-table', confirm }));
    const paper = await dialog('Reboot');
    expect(within(paper).getByRole('checkbox', { name: 'RUT-1' })).toBeTruthy();
    await user.click(within(paper).getByRole('checkbox', { name: 'RUT-1' }));
    await user.click(confirmButton(paper));
    expect(confirm).toHaveBeenCalledWith({ value: '', selection: [2], returnValue: undefined });

    // Nothing stored (or not a list of items): no select box, the body reads the key itself.
    selections.set('devices-table', { rows: 3 });
    inAct(() => openModal({ title: 'Export', selectionKey: 'devices-table', prompt: 'Export?' }));
    expect(within(await dialog('Export')).queryByRole('checkbox')).toBeNull();
    selections.clear();
  });

  it("spec §4: Confirm is disabled when the modal's own disabled rule is true", async () => {
    const user = userEvent.setup();
    renderHost();
    inAct(() =>
      openModal({
        title: 'Code',
        input: { label: 'Code' },
        disabled: ({ value }) => value.length < 4,
        confirm: () => {},
      }),
    );
    const paper = await dialog('Code');
    await user.type(within(paper).getByRole('textbox', { name: 'Code' }), 'abc');
    expect(isDisabled(confirmButton(paper))).toBe(true);
    await user.type(within(paper).getByRole('textbox', { name: 'Code' }), 'd');
    expect(isDisabled(confirmButton(paper))).toBe(false);

    await act(async () => {
      openModal({ title: 'Never', prompt: 'n', disabled: true, confirm: () => {} });
    });
    expect(isDisabled(confirmButton(await dialog('Never')))).toBe(true);
  });

  it('spec §4: Confirm is disabled when a child reports disabled (useModalControls)', async () => {
    const user = userEvent.setup();
    function Terms({ text }: { text: string }) {
      const { setConfirmDisabled, setReturnValue } = useModalControls();
      useEffect(() => setConfirmDisabled(true), [setConfirmDisabled]);
      return (
        <button
          type="button"
          onClick={() => {
            setConfirmDisabled(false);
            setReturnValue({ accepted: text });
          }}
        >
          Accept {text}
        </button>
      );
    }
    registerModal('test-terms', Terms);
    renderHost();
    const answer = confirmModal({ title: 'Terms', component: 'test-terms', props: { text: 'v2' } });
    const paper = await dialog('Terms');
    await waitFor(() => expect(isDisabled(confirmButton(paper))).toBe(true));

    await user.click(within(paper).getByRole('button', { name: 'Accept v2' }));
    expect(isDisabled(confirmButton(paper))).toBe(false);
    await user.click(confirmButton(paper));
    await expect(answer).resolves.toEqual({ value: '', selection: [], returnValue: { accepted: 'v2' } });
  });
});

describe("'Do not show this again'", () => {
  it('spec §4: ticking it stores the preference; the modal then confirms at once without opening', async () => {
    const user = userEvent.setup();
    const { storage, calls } = fakeUserStorage();
    renderHost(storage);
    const first = confirmModal({
      title: 'Heads up',
      prompt: 'Beta feature',
      reminderKey: 'beta',
      returnValue: 42,
    });
    const paper = await dialog('Heads up');
    await user.click(within(paper).getByRole('checkbox', { name: 'Do not show this again' }));
    await user.click(confirmButton(paper));
    await expect(first).resolves.toEqual({ value: '', selection: [], returnValue: 42 });
    await waitFor(() => expect(isReminderDismissed('beta', storage)).toBe(true));
    expect(calls).toEqual([
      { method: 'POST', url: '/storage', body: { key: reminderStorageKey('beta'), value: true } },
    ]);

    const again = confirmModal({
      title: 'Heads up',
      prompt: 'Beta feature',
      reminderKey: 'beta',
      returnValue: 42,
    });
    expect(getModals()).toHaveLength(0);
    await expect(again).resolves.toEqual({ value: '', selection: [], returnValue: 42 });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('spec §4: re-enabling the preference shows the modal again', async () => {
    const { storage, calls } = fakeUserStorage([{ key: reminderStorageKey('beta'), value: true }]);
    renderHost(storage);
    await enableReminder(storage, 'beta');
    expect(calls).toEqual([
      { method: 'DELETE', url: `/storage/${reminderStorageKey('beta')}`, body: undefined },
    ]);
    void confirmModal({ title: 'Heads up', prompt: 'Beta feature', reminderKey: 'beta' });
    expect(await dialog('Heads up')).toBeTruthy();
  });

  it('leaves the reminder alone when the modal is cancelled, and offers none without a signed-in user', async () => {
    const user = userEvent.setup();
    const { storage, calls } = fakeUserStorage();
    const view = renderHost(storage);
    const cancelled = confirmModal({ title: 'Heads up', prompt: 'p', reminderKey: 'beta' });
    const paper = await dialog('Heads up');
    await user.click(within(paper).getByRole('checkbox', { name: 'Do not show this again' }));
    await user.click(within(paper).getByRole('button', { name: 'Cancel' }));
    await expect(cancelled).resolves.toBeUndefined();
    expect(calls).toEqual([]);

    view.unmount();
    renderHost(undefined);
    void confirmModal({ title: 'Heads up', prompt: 'p', reminderKey: 'beta' });
    expect(within(await dialog('Heads up')).queryByRole('checkbox')).toBeNull();
  });
});
