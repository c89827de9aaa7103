// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { toast } from '../toasts/toasts.tsx';
import {
  closeModal,
  getModals,
  mainModalOf,
  minimizeModal,
  openModal,
  restoreModal,
  toggleModalFullscreen,
} from './store.ts';
import { inAct, renderHost, resetModals } from './testing.tsx';

vi.mock('../toasts/toasts.tsx', () => ({ toast: vi.fn() }));

afterEach(() => {
  resetModals();
  vi.mocked(toast).mockClear();
});

const dialog = (name: string) => screen.findByRole('dialog', { name });
/** The Dialog's root: the element that stacks (z-index) and carries the main-modal mark. */
const rootOf = (element: HTMLElement) => element.closest<HTMLElement>('.MuiDialog-root') as HTMLElement;
const zIndexOf = (element: HTMLElement) => Number(getComputedStyle(rootOf(element)).zIndex);

describe('ModalHost windows', () => {
  it('spec §4: several modals may be open at once', async () => {
    renderHost();
    inAct(() => openModal({ title: 'Devices', prompt: 'First' }));
    inAct(() => openModal({ title: 'Tags', prompt: 'Second' }));
    expect(await dialog('Devices')).toBeTruthy();
    expect(await dialog('Tags')).toBeTruthy();
    expect(getModals().map((modal) => modal.id)).toEqual(['devices', 'tags']);
  });

  it('spec §4: the main modal is set on mouse-down and stacks on top', async () => {
    renderHost();
    inAct(() => openModal({ title: 'Devices', prompt: 'First' }));
    inAct(() => openModal({ title: 'Tags', prompt: 'Second' }));
    const devices = await dialog('Devices');
    const tags = await dialog('Tags');
    // The last opened is the main modal, on top.
    expect(rootOf(tags).dataset.main).toBe('true');
    expect(zIndexOf(tags)).toBeGreaterThan(zIndexOf(devices));

    fireEvent.mouseDown(within(devices).getByText('First'));

    expect(mainModalOf(getModals())?.id).toBe('devices');
    expect(rootOf(devices).dataset.main).toBe('true');
    expect(rootOf(tags).dataset.main).toBeUndefined();
    expect(zIndexOf(devices)).toBeGreaterThan(zIndexOf(tags));
  });

  it('spec §4: opening a modal with an existing id replaces it', async () => {
    renderHost();
    const onCancel = vi.fn();
    inAct(() => openModal({ id: 'report', title: 'Report one', prompt: 'One', onCancel }));
    await dialog('Report one');
    inAct(() => openModal({ id: 'report', title: 'Report two', prompt: 'Two' }));

    expect(await dialog('Report two')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Report one' })).toBeNull());
    expect(screen.getAllByRole('dialog')).toHaveLength(1);
    // The replaced one went without a Confirm.
    expect(onCancel).toHaveBeenCalledOnce();
  });

  it('spec §3: the id is derived from the title when missing, so the same title replaces', async () => {
    renderHost();
    expect(inAct(() => openModal({ title: 'New tag', prompt: 'A' }))).toBe('new-tag');
    inAct(() => openModal({ title: 'New tag', prompt: 'B' }));
    await dialog('New tag');
    expect(screen.getAllByRole('dialog')).toHaveLength(1);
    expect(screen.getByText('B')).toBeTruthy();
  });

  it('spec §4: a minimized modal is listed in the bar, restorable and closable from it', async () => {
    const user = userEvent.setup();
    const onCancel = vi.fn();
    renderHost();
    inAct(() => openModal({ title: 'Task logs', prompt: 'Logs', onCancel }));
    inAct(() => openModal({ title: 'Web UI', prompt: 'Remote' }));
    await user.click(within(await dialog('Task logs')).getByRole('button', { name: 'Minimize' }));

    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Task logs' })).toBeNull());
    const bar = screen.getByRole('region', { name: 'Minimized windows' });
    await user.click(within(bar).getByRole('button', { name: 'Restore Task logs' }));
    expect(await dialog('Task logs')).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Minimized windows' })).toBeNull();
    // Restored on top: the main modal.
    expect(mainModalOf(getModals())?.id).toBe('task-logs');

    inAct(() => minimizeModal('task-logs'));
    await user.click(screen.getByRole('button', { name: 'Close Task logs' }));
    expect(getModals().map((modal) => modal.id)).toEqual(['web-ui']);
    expect(onCancel).toHaveBeenCalledOnce();
  });

  it('spec §4: a minimized modal keeps its body state', async () => {
    const user = userEvent.setup();
    renderHost();
    inAct(() => openModal({ title: 'Rename', input: { label: 'Name' } }));
    await user.type(within(await dialog('Rename')).getByRole('textbox', { name: 'Name' }), 'edge-1');
    inAct(() => minimizeModal('rename'));
    inAct(() => restoreModal('rename'));
    expect(within(await dialog('Rename')).getByRole('textbox', { name: 'Name' })).toHaveProperty(
      'value',
      'edge-1',
    );
  });

  it("spec §9: at most 5 minimized at once, else the toast 'You can not minimize more than 5 windows'", async () => {
    const user = userEvent.setup();
    renderHost();
    for (const n of [1, 2, 3, 4, 5, 6]) inAct(() => openModal({ title: `Window ${n}`, prompt: `${n}` }));
    for (const n of [1, 2, 3, 4, 5]) inAct(() => minimizeModal(`window-${n}`));
    expect(toast).not.toHaveBeenCalled();

    await user.click(within(await dialog('Window 6')).getByRole('button', { name: 'Minimize' }));

    expect(toast).toHaveBeenCalledWith('You can not minimize more than 5 windows', { type: 'warning' });
    expect(screen.getByRole('dialog', { name: 'Window 6' })).toBeTruthy();
    expect(getModals().filter((modal) => modal.minimized)).toHaveLength(5);
    // Opening one minimized counts too.
    inAct(() => openModal({ title: 'Window 7', prompt: '7', minimized: true }));
    expect(getModals().find((modal) => modal.id === 'window-7')?.minimized).toBe(false);
    expect(toast).toHaveBeenCalledTimes(2);
  });

  it('spec §9: a forced minimize passes the limit of 5', () => {
    renderHost();
    for (const n of [1, 2, 3, 4, 5, 6]) inAct(() => openModal({ title: `Window ${n}`, prompt: `${n}` }));
    for (const n of [1, 2, 3, 4, 5]) inAct(() => minimizeModal(`window-${n}`));
    expect(inAct(() => minimizeModal('window-6', { force: true }))).toBe(true);
    expect(getModals().filter((modal) => modal.minimized)).toHaveLength(6);
    expect(toast).not.toHaveBeenCalled();
  });

  it('spec §4: fullscreen only where allowed (fullScreenControl)', async () => {
    const user = userEvent.setup();
    renderHost();
    inAct(() => openModal({ title: 'Plain', prompt: 'p' }));
    const plain = await dialog('Plain');
    expect(within(plain).queryByRole('button', { name: 'Full screen' })).toBeNull();
    inAct(() => toggleModalFullscreen('plain'));
    expect(plain.className).not.toContain('MuiDialog-paperFullScreen');

    inAct(() => openModal({ title: 'Map', prompt: 'm', fullScreenControl: true }));
    const map = await dialog('Map');
    await user.click(within(map).getByRole('button', { name: 'Full screen' }));
    expect(map.className).toContain('MuiDialog-paperFullScreen');
    await user.click(within(map).getByRole('button', { name: 'Exit full screen' }));
    expect(map.className).not.toContain('MuiDialog-paperFullScreen');
  });

  it('spec §4: Escape closes a modal unless its header controls are hidden', async () => {
    const user = userEvent.setup();
    renderHost();
    inAct(() => openModal({ title: 'Locked', prompt: 'l', hideHeaderControls: true }));
    const locked = await dialog('Locked');
    expect(within(locked).queryByRole('button', { name: 'Close' })).toBeNull();
    fireEvent.keyDown(within(locked).getByText('l'), { key: 'Escape' });
    expect(screen.getByRole('dialog', { name: 'Locked' })).toBeTruthy();

    const onCancel = vi.fn();
    inAct(() => openModal({ title: 'Free', input: { label: 'Note' }, onCancel }));
    await user.click(within(await dialog('Free')).getByRole('textbox', { name: 'Note' }));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Free' })).toBeNull());
    expect(onCancel).toHaveBeenCalledOnce();
    expect(screen.getByRole('dialog', { name: 'Locked' })).toBeTruthy();
  });

  it('spec §4: page scroll is locked while any non-minimized modal is open', async () => {
    renderHost();
    const scroll = () => getComputedStyle(document.body).overflow;
    expect(scroll()).not.toBe('hidden');
    inAct(() => openModal({ title: 'One', prompt: '1' }));
    inAct(() => openModal({ title: 'Two', prompt: '2' }));
    await dialog('One');
    expect(scroll()).toBe('hidden');

    inAct(() => minimizeModal('one'));
    expect(scroll()).toBe('hidden');
    inAct(() => minimizeModal('two'));
    await waitFor(() => expect(scroll()).not.toBe('hidden'));

    inAct(() => restoreModal('two'));
    await waitFor(() => expect(scroll()).toBe('hidden'));
    inAct(() => closeModal('two'));
    inAct(() => closeModal('one'));
    await waitFor(() => expect(scroll()).not.toBe('hidden'));
  });
});

describe('ModalHost dragging', () => {
  /** Puts the paper at 100,100 (300×200) in a 1024×768 viewport, moved by its transform. */
  function placePaper(paper: HTMLElement) {
    vi.spyOn(paper, 'getBoundingClientRect').mockImplementation(() => {
      const [x, y] = (paper.style.transform.match(/-?\d+(\.\d+)?/g) ?? ['0', '0']).map(Number);
      const left = 100 + (x ?? 0);
      const top = 100 + (y ?? 0);
      return {
        left,
        top,
        right: left + 300,
        bottom: top + 200,
        width: 300,
        height: 200,
        x: left,
        y: top,
      } as DOMRect;
    });
  }
  const drag = (from: HTMLElement, to: { clientX: number; clientY: number }) => {
    fireEvent.pointerDown(from, { button: 0, clientX: 150, clientY: 110 });
    fireEvent.pointerMove(window, to);
    fireEvent.pointerUp(window, to);
  };

  it('spec §4: dragging works by the header or title only, and keeps the dialog in the viewport', async () => {
    renderHost();
    inAct(() => openModal({ title: 'Drag me', prompt: 'Body text' }));
    const paper = await dialog('Drag me');
    placePaper(paper);

    drag(within(paper).getByText('Body text'), { clientX: 200, clientY: 160 });
    expect(paper.style.transform).toBe('');

    drag(within(paper).getByText('Drag me'), { clientX: 200, clientY: 160 });
    expect(paper.style.transform).toBe('translate(50px, 50px)');

    // Far past the right and bottom edges: stopped where the dialog touches them.
    drag(within(paper).getByText('Drag me'), { clientX: 5000, clientY: 5000 });
    expect(paper.style.transform).toBe('translate(624px, 468px)');
    drag(within(paper).getByText('Drag me'), { clientX: -5000, clientY: -5000 });
    expect(paper.style.transform).toBe('translate(-100px, -100px)');
  });

  it('spec §4: dragging does not work in fullscreen', async () => {
    renderHost();
    inAct(() => openModal({ title: 'Wide', prompt: 'w', fullScreenControl: true }));
    const paper = await dialog('Wide');
    placePaper(paper);
    drag(within(paper).getByText('Wide'), { clientX: 200, clientY: 160 });
    expect(paper.style.transform).toBe('translate(50px, 50px)');

    inAct(() => toggleModalFullscreen('wide'));
    // Fullscreen puts it back in place, and the header no longer drags.
    expect(paper.style.transform).toBe('');
    drag(within(paper).getByText('Wide'), { clientX: 200, clientY: 160 });
    expect(paper.style.transform).toBe('');
  });
});

describe('ModalHost accessibility', () => {
  it('names each dialog by its title, labels its buttons and moves the focus into it', async () => {
    renderHost();
    inAct(() =>
      openModal({ title: 'Move company', subtitle: 'Acme #7', prompt: 'Move?', fullScreenControl: true }),
    );
    const paper = await dialog('Move company');
    const title = document.getElementById(paper.getAttribute('aria-labelledby') ?? '');
    expect(title?.textContent).toBe('Move company');
    for (const name of ['Minimize', 'Full screen', 'Close', 'Cancel', 'Confirm']) {
      expect(within(paper).getByRole('button', { name })).toBeTruthy();
    }
    await waitFor(() => expect(paper.contains(document.activeElement)).toBe(true));
  });

  it('names a dialog without a header by its hidden title', async () => {
    renderHost();
    inAct(() => openModal({ title: 'Frame', prompt: 'f', hideHeader: true }));
    const paper = await dialog('Frame');
    expect(within(paper).queryByRole('button', { name: 'Close' })).toBeNull();
  });
});
