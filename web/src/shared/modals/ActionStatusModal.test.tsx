// @vitest-environment jsdom
import { ACTION_STATUS_EVENT } from '@fleetport/contracts/action-status';
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type ActionStatusSource, itemsOfSelection, openActionStatus } from './action-status.ts';
import { getModals } from './store.ts';
import { inAct, renderHost, resetModals } from './testing.tsx';

afterEach(() => {
  resetModals();
  vi.restoreAllMocks();
});

/** A stand-in for the page's realtime connection: records listeners, emits on demand. */
function fakeRealtime() {
  const listeners = new Map<string, (payload: unknown) => void>();
  const source: ActionStatusSource = {
    listen: (channel, event, handler) => {
      const key = `${channel} ${event}`;
      listeners.set(key, handler);
      return () => listeners.delete(key);
    },
  };
  const emit = (channel: string, payload: unknown) =>
    act(() => listeners.get(`${channel} ${ACTION_STATUS_EVENT}`)?.(payload));
  return { source, emit, listening: () => [...listeners.keys()] };
}

const rows = () =>
  screen.getAllByTestId('action-status-item').map((row) => `${row.dataset.state}: ${row.textContent}`);

describe('Action status modal', () => {
  it("spec §2: titled 'Action status', it lists each item's progress with its message", async () => {
    const realtime = fakeRealtime();
    renderHost();
    inAct(() =>
      openActionStatus('private-actions.9', {
        source: realtime.source,
        selection: [
          { id: 1, name: 'RUT-1' },
          { id: 2, name: 'TRB-2' },
        ],
      }),
    );
    const paper = await screen.findByRole('dialog', { name: 'Action status' });
    await within(paper).findByText('0 of 2 finished');
    expect(realtime.listening()).toEqual([`private-actions.9 ${ACTION_STATUS_EVENT}`]);
    expect(rows()).toEqual(['pending: RUT-1Pending', 'pending: TRB-2Pending']);

    realtime.emit('private-actions.9', {
      channel: 'private-actions.9',
      items: [
        { id: 1, state: 'running' },
        { id: 3, name: 'TCR-3', state: 'failed', message: 'Device is offline' },
      ],
    });
    expect(rows()).toEqual([
      'running: RUT-1Running',
      'pending: TRB-2Pending',
      'failed: TCR-3FailedDevice is offline',
    ]);
    expect(within(paper).getByText('1 of 3 finished')).toBeTruthy();
  });

  it('spec §4: it closes by itself once every item finished when no selection was supplied', async () => {
    const realtime = fakeRealtime();
    renderHost();
    inAct(() => openActionStatus('ch-1', { source: realtime.source }));
    const paper = await screen.findByRole('dialog', { name: 'Action status' });
    await within(paper).findByText('Waiting for the first update…');

    realtime.emit('ch-1', {
      channel: 'ch-1',
      items: [
        { id: 'a', state: 'succeeded' },
        { id: 'b', state: 'running' },
      ],
    });
    expect(getModals()).toHaveLength(1);
    realtime.emit('ch-1', { channel: 'ch-1', items: [{ id: 'b', state: 'failed', message: 'Timeout' }] });

    await waitFor(() => expect(getModals()).toHaveLength(0));
    // The channel is left with the modal.
    expect(realtime.listening()).toEqual([]);
  });

  it('spec §4: with a selection it stays open at the end, showing the outcome', async () => {
    const realtime = fakeRealtime();
    renderHost();
    inAct(() => openActionStatus('ch-2', { source: realtime.source, selection: [7] }));
    const paper = await screen.findByRole('dialog', { name: 'Action status' });
    await within(paper).findByText('0 of 1 finished');
    realtime.emit('ch-2', { channel: 'ch-2', items: [{ id: 7, state: 'succeeded', message: 'Rebooted' }] });
    expect(within(paper).getByText('1 of 1 finished')).toBeTruthy();
    expect(rows()).toEqual(['succeeded: 7SucceededRebooted']);
    expect(getModals()).toHaveLength(1);
  });

  it('ignores events that do not match the contract', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const realtime = fakeRealtime();
    renderHost();
    inAct(() => openActionStatus('ch-3', { source: realtime.source, selection: [{ id: 1, name: 'RUT-1' }] }));
    const paper = await screen.findByRole('dialog', { name: 'Action status' });
    await within(paper).findByText('0 of 1 finished');
    realtime.emit('ch-3', { channel: 'ch-3', items: [{ id: 1, state: 'exploded' }] });
    expect(rows()).toEqual(['pending: RUT-1Pending']);
    expect(warn).toHaveBeenCalledOnce();
  });
});

describe('itemsOfSelection', () => {
  it('takes rows with an id (and a name) or bare ids, pending, and skips the rest', () => {
    expect(
      itemsOfSelection([{ id: 1, name: 'RUT-1', serial: 'x' }, 'dev-2', { name: 'no id' }, null]),
    ).toEqual([
      { id: 1, name: 'RUT-1', state: 'pending' },
      { id: 'dev-2', state: 'pending' },
    ]);
    expect(itemsOfSelection(undefined)).toEqual([]);
  });
});
