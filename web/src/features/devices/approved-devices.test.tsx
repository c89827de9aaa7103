// @vitest-environment jsdom

import type { ApprovedDevice } from '@fleetport/contracts/device-schemas';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeApi, renderWithForms } from '../../shared/forms/testing.tsx';
import { ModalHost } from '../../shared/modals/ModalHost.tsx';
import { inAct, resetModals } from '../../shared/modals/testing.tsx';
import { ApprovedActions } from './ApprovedActions.tsx';
import { brokerOutcome } from './approved-broker.ts';
import { confirmRemoveApproved } from './dialogs/remove-approved-device.ts';

/** Approved Devices (issue 31): removing an identity, and what an import says of the broker. */
afterEach(resetModals);

const ROW: ApprovedDevice = {
  id: 41,
  serial: '1104567890',
  mac: '00:1E:42:12:34:56',
  device_id: null,
  company_name: null,
  last_seen_at: null,
  created_at: '2026-11-20T10:00:00.000Z',
};

describe('Remove from Approved Devices', () => {
  it('a row in no company offers Remove; a device of a company offers nothing', async () => {
    const { queryClient } = renderWithForms(<ModalHost />);
    const { unmount } = render(<ApprovedActions row={ROW} queryClient={queryClient} />);
    const group = screen.getByRole('group', { name: 'Actions for 1104567890' });
    expect(within(group).getByRole('button', { name: 'Remove from Approved Devices' })).toBeTruthy();
    unmount();
    render(
      <ApprovedActions row={{ ...ROW, device_id: 7, company_name: 'Acme West' }} queryClient={queryClient} />,
    );
    expect(screen.queryByRole('button', { name: 'Remove from Approved Devices' })).toBeNull();
  });

  it('asks first, naming the serial and what happens to the device; Remove sends it, says so and the list reloads', async () => {
    const server = fakeApi({
      'DELETE /auth-devices/41': () => ({ status: 200, data: { data: { id: 41, serial: '1104567890' } } }),
    });
    const { queryClient } = renderWithForms(<ModalHost />);
    let reloaded = 0;
    queryClient.getQueryCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'invalidate') reloaded += 1;
    });
    queryClient.setQueryData(['auth-devices', 'list'], []);
    let done: Promise<boolean> | undefined;
    inAct(() => {
      done = confirmRemoveApproved(ROW, queryClient);
    });
    const paper = await screen.findByRole('dialog', { name: /Remove from Approved Devices/ });
    expect(
      within(paper).getByText(
        'Remove 1104567890 from Approved Devices? The device is disconnected now and can no longer connect. To approve it again, import its row with its secret.',
      ),
    ).toBeTruthy();

    await userEvent.click(within(paper).getByRole('button', { name: 'Remove' }));

    expect(await done).toBe(true);
    expect(await screen.findByText('Removed 1104567890 from Approved Devices.')).toBeTruthy();
    expect(server.requests('DELETE /auth-devices/41')).toHaveLength(1);
    await waitFor(() => expect(reloaded).toBe(1));
  });

  it('a refusal stays in the dialog in the server’s words', async () => {
    fakeApi({
      'DELETE /auth-devices/41': () => ({
        status: 409,
        data: {
          success: false,
          errors: [
            {
              code: 'CONFLICT',
              message: '1104567890 is a device of Acme West: delete the device there first',
            },
          ],
        },
      }),
    });
    const { queryClient } = renderWithForms(<ModalHost />);
    inAct(() => void confirmRemoveApproved(ROW, queryClient));
    const paper = await screen.findByRole('dialog', { name: /Remove from Approved Devices/ });
    await userEvent.click(within(paper).getByRole('button', { name: 'Remove' }));
    expect(
      await within(paper).findByText('1104567890 is a device of Acme West: delete the device there first'),
    ).toBeTruthy();
  });
});

describe("an import's broker outcome (MQTT_DYNSEC)", () => {
  const t = i18next.t.bind(i18next);

  it('says nothing without a provisioned broker, or when nothing was sent to it', () => {
    expect(brokerOutcome(undefined, t)).toBeUndefined();
    expect(brokerOutcome({ provisioned: 0, failed: 0, pending: 0 }, t)).toBeUndefined();
  });

  it('counts the devices given their access, those to import again later, and those still being given it', () => {
    expect(brokerOutcome({ provisioned: 12, failed: 0, pending: 0 }, t)).toEqual({
      text: 'The broker gave 12 devices their access.',
      complete: true,
    });
    expect(brokerOutcome({ provisioned: 12, failed: 3, pending: 0 }, t)).toEqual({
      text: 'The broker gave 12 devices their access. The broker could not give 3 devices their access: import them again later.',
      complete: false,
    });
    expect(brokerOutcome({ provisioned: 0, failed: 0, pending: 1 }, t)).toEqual({
      text: 'The broker is still giving 1 device its access.',
      complete: false,
    });
  });
});
