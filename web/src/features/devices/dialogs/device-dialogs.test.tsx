// @vitest-environment jsdom

import { SERIAL_LENGTH } from '@fleetport/contracts/device-protocol';
import type { Device } from '@fleetport/contracts/device-schemas';
import { DEVICE_NAME_MAX_LENGTH } from '@fleetport/contracts/devices';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeApi, renderWithForms } from '../../../shared/forms/testing.tsx';
import { ModalHost } from '../../../shared/modals/ModalHost.tsx';
import { inAct, resetModals } from '../../../shared/modals/testing.tsx';
import { openAddDevice } from './AddDeviceDialog.tsx';
import { openDeviceTags } from './DeviceTagsDialog.tsx';
import { openEditDevice } from './EditDeviceDialog.tsx';

afterEach(resetModals);

const device: Device = {
  id: 7,
  name: 'Gate 4',
  description: null,
  serial: 'RUT9560001',
  mac: '00:1E:42:12:34:56',
  model: 'RUT956',
  firmware: null,
  company_id: 1,
  company_name: 'Acme',
  status: 'online',
  monitoring: true,
  connection_type: null,
  operator: null,
  signal: null,
  tags: [{ id: 2, name: 'Beta', color: null }],
  last_seen_at: null,
  credit_until: null,
  created_at: '2026-01-01T00:00:00.000Z',
};

const list = (rows: { id: number; name: string }[]) => () => ({ status: 200, data: { data: rows } });
const answer = (status: number) => () => ({ status, data: { success: true, data: device } });
/** What Add device says of a serial number off its pattern (devices.fields.serialFormat). */
const serialFormat = () => i18next.t('devices.fields.serialFormat', SERIAL_LENGTH);

/** The open dialog's paper, by its title. */
const dialog = (title: string) => screen.findByRole('dialog', { name: title });

describe('device dialogs: checked against the API request schemas from contracts', () => {
  it('Add device: refuses what addDeviceSchema refuses, on its field; a name left empty is not sent', async () => {
    const user = userEvent.setup();
    const server = fakeApi({
      'GET /companies': list([{ id: 1, name: 'Acme' }]),
      'POST /devices': answer(201),
    });
    renderWithForms(<ModalHost />);
    inAct(() => openAddDevice());
    const paper = await dialog('Add device');
    await user.click(within(paper).getByRole('combobox', { name: 'Company' }));
    await user.click(await screen.findByRole('option', { name: 'Acme' }));
    const serial = within(paper).getByRole('textbox', { name: 'Serial number' });
    await user.type(serial, 'AB1');
    await user.type(within(paper).getByRole('textbox', { name: 'MAC address' }), '00:1e:42:12:34:56');
    await user.click(within(paper).getByRole('button', { name: 'Add device' }));
    expect(await within(paper).findByText(serialFormat())).toBeTruthy();
    expect(server.requests('POST /devices')).toEqual([]);
    expect(within(paper).getByRole('textbox', { name: 'Name' }).getAttribute('maxlength')).toBe(
      String(DEVICE_NAME_MAX_LENGTH),
    );

    await user.clear(serial);
    await user.type(serial, 'RUT9560001');
    await user.click(within(paper).getByRole('button', { name: 'Add device' }));
    await waitFor(() => expect(server.requests('POST /devices')).toHaveLength(1));
    expect(server.requests('POST /devices')[0]?.body).toEqual({
      company_id: 1,
      serial: 'RUT9560001',
      mac: '00:1e:42:12:34:56',
      description: '',
    });
  });

  it('Add device: marks every bad field at once (issue 30), each with its own message', async () => {
    const user = userEvent.setup();
    const server = fakeApi({ 'GET /companies': list([{ id: 1, name: 'Acme' }]) });
    renderWithForms(<ModalHost />);
    inAct(() => openAddDevice());
    const paper = await dialog('Add device');
    await user.type(within(paper).getByRole('textbox', { name: 'Serial number' }), 'AB1');
    await user.type(within(paper).getByRole('textbox', { name: 'MAC address' }), '00:1e:42');
    await user.click(within(paper).getByRole('button', { name: 'Add device' }));
    // The company (the field's own rule) with the serial and the MAC (the contract's), together.
    expect(await within(paper).findByText(i18next.t('forms.validation.required'))).toBeTruthy();
    expect(within(paper).getByText(serialFormat())).toBeTruthy();
    expect(within(paper).getByText(i18next.t('devices.fields.macFormat'))).toBeTruthy();
    expect(server.requests('POST /devices')).toEqual([]);
  });

  it('Edit device: the contract checks the request (name trimmed empty); the periods go in seconds', async () => {
    const user = userEvent.setup();
    const server = fakeApi({ 'PATCH /devices/7': answer(200) });
    renderWithForms(<ModalHost />);
    inAct(() => openEditDevice({ ...device, dynamic_interval_s: 300, static_interval_s: 86_400 }));
    const paper = await dialog('Edit device');
    const name = within(paper).getByRole('textbox', { name: 'Name' });
    await user.clear(name);
    await user.type(name, '   ');
    await user.click(within(paper).getByRole('button', { name: 'Save' }));
    expect(await within(paper).findByText(i18next.t('forms.validation.required'))).toBeTruthy();
    expect(server.requests('PATCH /devices/7')).toEqual([]);

    await user.clear(name);
    await user.type(name, 'Gate 5');
    const dynamic = within(paper).getByRole('spinbutton', { name: 'Dynamic monitoring period (min)' });
    await user.clear(dynamic);
    await user.type(dynamic, '2');
    await user.click(within(paper).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(server.requests('PATCH /devices/7')).toHaveLength(1));
    expect(server.requests('PATCH /devices/7')[0]?.body).toEqual({
      name: 'Gate 5',
      description: '',
      monitoring: true,
      dynamic_interval_s: 120,
      static_interval_s: 86_400,
    });
  });

  it('Device tags: sends every tag the device keeps (PUT …/tags, setDeviceTagsSchema)', async () => {
    const user = userEvent.setup();
    const server = fakeApi({
      'GET /tags': list([
        { id: 1, name: 'Alpha' },
        { id: 2, name: 'Beta' },
      ]),
      'PUT /devices/7/tags': answer(200),
    });
    renderWithForms(<ModalHost />);
    inAct(() => openDeviceTags(device));
    const paper = await dialog('Device tags');
    await user.click(within(paper).getByRole('combobox', { name: 'Tags' }));
    await user.click(await screen.findByRole('option', { name: 'Alpha' }));
    await user.click(within(paper).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(server.requests('PUT /devices/7/tags')).toHaveLength(1));
    expect(server.requests('PUT /devices/7/tags')[0]?.body).toEqual({ tag_ids: [2, 1] });
  });
});
