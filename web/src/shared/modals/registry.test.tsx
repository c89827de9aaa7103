// @vitest-environment jsdom
import { renderHook, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { lazy } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useModalControls } from './controls.ts';
import { FORM_MODAL, registerModal } from './registry.ts';
import { getModals, openModal } from './store.ts';
import { inAct, renderHost, resetModals } from './testing.tsx';

afterEach(() => {
  resetModals();
  vi.restoreAllMocks();
});

function CreditReport({ company }: { company: string }) {
  const { modal, close } = useModalControls();
  return (
    <div>
      <p>Credits of {company}</p>
      <p>component id {modal.component_id}</p>
      <button type="button" onClick={close}>
        Done
      </button>
    </div>
  );
}

describe('open by name', () => {
  it('spec §2: modals open by name, with their props', async () => {
    const user = userEvent.setup();
    registerModal('credit-report', CreditReport);
    renderHost();
    inAct(() =>
      openModal({
        title: 'Credit report',
        component: 'credit-report',
        component_id: 'vpn-3',
        props: { company: 'Acme' },
      }),
    );
    const paper = await screen.findByRole('dialog', { name: 'Credit report' });
    expect(within(paper).getByText('Credits of Acme')).toBeTruthy();
    expect(within(paper).getByText('component id vpn-3')).toBeTruthy();
    // A body without a confirm handler brings its own buttons: no Confirm bar.
    expect(within(paper).queryByRole('button', { name: 'Confirm' })).toBeNull();

    await user.click(within(paper).getByRole('button', { name: 'Done' }));
    expect(getModals()).toHaveLength(0);
  });

  it('spec §2: a registered body may be lazy', async () => {
    registerModal(
      'lazy-report',
      lazy(async () => ({ default: ({ n }: { n: number }) => <p>Lazy body {n}</p> })),
    );
    renderHost();
    inAct(() => openModal({ title: 'Lazy', component: 'lazy-report', props: { n: 5 } }));
    expect(await screen.findByText('Lazy body 5')).toBeTruthy();
  });

  it('an unknown name is a programming error: reported, nothing opens, nothing crashes', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    renderHost();
    expect(inAct(() => openModal({ title: 'Nope', component: 'no-such-modal' }))).toBeUndefined();
    expect(getModals()).toHaveLength(0);
    expect(error).toHaveBeenCalledWith("openModal: no modal is registered as 'no-such-modal'");
  });

  it("spec §3: a descriptor's form is rendered by the body registered as 'form'", async () => {
    registerModal(FORM_MODAL, ({ form }: { form: { fields: string[] } }) => (
      <p>Fields: {form.fields.join(', ')}</p>
    ));
    renderHost();
    inAct(() => openModal({ title: 'New tag', form: { fields: ['name', 'description'] } }));
    expect(await screen.findByText('Fields: name, description')).toBeTruthy();
  });

  it('useModalControls outside a modal body is a programming error', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => renderHook(() => useModalControls())).toThrow('useModalControls() outside a modal body');
  });
});
