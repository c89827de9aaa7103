// @vitest-environment jsdom

import type { CompanyFile } from '@fleetport/contracts/files';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AxiosAdapter, AxiosProgressEvent } from 'axios';
import { afterEach, describe, expect, it } from 'vitest';
import { deferred, fakeApi, renderWithForms } from '../../../shared/forms/testing.tsx';
import { api } from '../../../shared/lib/api.ts';
import { ModalHost } from '../../../shared/modals/ModalHost.tsx';
import { inAct, resetModals } from '../../../shared/modals/testing.tsx';
import { confirmDeleteFile } from './delete-file.ts';
import { openFilePermissions } from './file-permissions.tsx';
import { openUploadFile } from './upload-file.tsx';

/**
 * Spec §2 Files: the Upload dialog (kind, firmware fields, the file, progress, the server's field
 * errors), Delete file behind a question, and File permissions; against the real API client on a
 * fake adapter.
 */
afterEach(resetModals);

const FILE: CompanyFile = {
  id: 7,
  company_id: 2,
  company_name: 'Acme Networks',
  name: 'RUT_R_00.07.09.bin',
  size: 2048,
  sha256: 'a'.repeat(64),
  mime_type: 'application/octet-stream',
  description: null,
  kind: 'firmware',
  version: 'RUT_R_00.07.09',
  families: ['RUT'],
  release_notes: null,
  global: false,
  shared_with: [3],
  shared_with_names: ['Acme East'],
  can_manage: true,
  uploaded_by: 1,
  uploaded_by_name: 'Ada Admin',
  created_at: '2026-01-01T00:00:00.000Z',
  device_id: null,
  device_name: null,
  config_revision: null,
};

const dialog = (title: string) => screen.findByRole('dialog', { name: title });
const image = () => new File(['firmware image'], 'RUT_R_00.07.09.bin', { type: 'application/octet-stream' });

/** Opens Upload file for company 2 (its Files tab): no company is asked for. */
async function openUpload(handlers: Parameters<typeof fakeApi>[0] = {}) {
  const server = fakeApi(handlers);
  renderWithForms(<ModalHost />);
  inAct(() => openUploadFile({ companyId: 2 }));
  const paper = await dialog('Upload file');
  return { user: userEvent.setup(), server, paper };
}

async function chooseFirmware(user: ReturnType<typeof userEvent.setup>, paper: HTMLElement) {
  await user.click(within(paper).getByRole('combobox', { name: 'Kind' }));
  await user.click(await screen.findByRole('option', { name: 'Firmware' }));
}

describe('Upload file (spec §2 Files, §5 File input)', () => {
  it('asks a firmware for its version and model families before anything is sent, and says what it costs', async () => {
    const { user, server, paper } = await openUpload();
    expect(within(paper).queryByRole('textbox', { name: 'Version' })).toBeNull();
    await chooseFirmware(user, paper);
    expect(within(paper).getByText(/spends one of the company's Firmware upload credits/)).toBeTruthy();
    await user.upload(within(paper).getByLabelText('File'), image());
    await user.type(within(paper).getByRole('textbox', { name: 'Version' }), '7.9 beta');
    await user.click(within(paper).getByRole('button', { name: 'Upload' }));
    expect(
      await within(paper).findByText(
        'A version is letters, digits, dots, underscores or dashes (RUT_R_00.07.09)',
      ),
    ).toBeTruthy();
    // The families: required, said on their own field.
    expect(within(paper).getAllByText('This field is required')).toHaveLength(1);
    expect(server.requests('POST /files')).toEqual([]);
  });

  it('refuses a file over 80MB in the browser with the server’s words', async () => {
    const { user, server, paper } = await openUpload();
    const big = new File(['x'], 'huge.bin');
    Object.defineProperty(big, 'size', { value: 83_886_081 });
    await user.upload(within(paper).getByLabelText('File'), big);
    await user.click(within(paper).getByRole('button', { name: 'Upload' }));
    expect(await within(paper).findByText('Maximum file size is 80MB')).toBeTruthy();
    expect(server.requests('POST /files')).toEqual([]);
  });

  it('shows the upload’s progress, then the server’s error on its field, keeping what was typed', async () => {
    const answer = deferred<{ status: number; data: unknown }>();
    const { user, server, paper } = await openUpload({ 'POST /files': () => answer.promise });
    // The browser reports the body going out: half of it, then all of it.
    const transport = api.http.defaults.adapter as AxiosAdapter;
    api.http.defaults.adapter = async (config) => {
      const event = (loaded: number) =>
        ({ loaded, total: 1000, bytes: loaded, lengthComputable: true }) as AxiosProgressEvent;
      config.onUploadProgress?.(event(500));
      return transport(config);
    };
    await chooseFirmware(user, paper);
    await user.type(within(paper).getByRole('textbox', { name: 'Version' }), 'RUT_R_00.07.09');
    await user.click(within(paper).getByRole('combobox', { name: 'Model families' }));
    await user.click(await screen.findByRole('option', { name: 'RUT' }));
    await user.upload(within(paper).getByLabelText('File'), image());
    await user.click(within(paper).getByRole('button', { name: 'Upload' }));

    const progress = await within(paper).findByTestId('upload-progress');
    expect(progress.getAttribute('data-percent')).toBe('50');
    expect(within(progress).getByText('Uploading: 50 %')).toBeTruthy();
    expect(within(progress).getByRole('progressbar', { name: 'Upload progress' })).toBeTruthy();
    const sent = server.requests('POST /files')[0]?.body as FormData;
    expect(sent.get('kind')).toBe('firmware');
    expect(sent.get('company_id')).toBe('2');
    expect(sent.get('families[0]')).toBe('RUT');
    expect(sent.get('file')).toBeInstanceOf(File);

    answer.resolve({
      status: 422,
      data: {
        success: false,
        errors: [
          {
            code: 'VALIDATION_ERROR',
            message: 'The company has no Firmware upload credits left: add some under Credits.',
            source: 'file',
          },
        ],
      },
    });
    expect(
      await within(paper).findByText(
        'The company has no Firmware upload credits left: add some under Credits.',
      ),
    ).toBeTruthy();
    await waitFor(() => expect(within(paper).queryByTestId('upload-progress')).toBeNull());
    expect((within(paper).getByRole('textbox', { name: 'Version' }) as HTMLInputElement).value).toBe(
      'RUT_R_00.07.09',
    );
    expect(within(paper).getByTestId('file-names-file').textContent).toBe('RUT_R_00.07.09.bin');
  });
});

describe('Delete file', () => {
  it('names the file in its question, and shows a refusal in the server’s words', async () => {
    const server = fakeApi({
      'DELETE /files/7': () => ({
        status: 409,
        data: {
          success: false,
          errors: [
            {
              code: 'CONFLICT',
              message:
                'RUT_R_00.07.09.bin is the image of a firmware campaign that has not finished: cancel the campaign or wait until it ends, then delete the file.',
            },
          ],
        },
      }),
    });
    const { queryClient } = renderWithForms(<ModalHost />);
    const user = userEvent.setup();
    inAct(() => void confirmDeleteFile(FILE, queryClient));
    const paper = await dialog('Delete file');
    expect(
      within(paper).getByText(
        'Delete the file “RUT_R_00.07.09.bin”? The credit spent on it is not refunded.',
      ),
    ).toBeTruthy();
    await user.click(within(paper).getByRole('button', { name: 'Delete file' }));
    expect(
      await within(paper).findByText(/is the image of a firmware campaign that has not finished/),
    ).toBeTruthy();
    expect(server.requests('DELETE /files/7')).toHaveLength(1);
  });
});

describe('File permissions', () => {
  it('offers the companies below the file’s company, with the current ones chosen, and sends the new set', async () => {
    const server = fakeApi({
      'GET /files/7/permissions': () => ({
        status: 200,
        data: {
          data: {
            company_ids: [3],
            companies: [
              { id: 3, name: 'Acme East', level: 3 },
              { id: 5, name: 'Acme East Retail', level: 4 },
              { id: 4, name: 'Acme West', level: 3 },
            ],
          },
        },
      }),
      'PUT /files/7/permissions': () => ({ status: 200, data: { success: true, data: FILE } }),
    });
    renderWithForms(<ModalHost />);
    const user = userEvent.setup();
    inAct(() => openFilePermissions(FILE));
    const paper = await dialog('File permissions');
    expect(await within(paper).findByText('Acme East')).toBeTruthy();
    await user.click(within(paper).getByRole('combobox', { name: 'Companies that see the file' }));
    await user.click(await screen.findByRole('option', { name: /Acme West/ }));
    await user.click(within(paper).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(server.requests('PUT /files/7/permissions')).toHaveLength(1));
    expect(server.requests('PUT /files/7/permissions')[0]?.body).toEqual({ company_ids: [3, 4] });
  });

  it('says so when the file’s company has no company below it', async () => {
    fakeApi({
      'GET /files/7/permissions': () => ({ status: 200, data: { data: { company_ids: [], companies: [] } } }),
    });
    renderWithForms(<ModalHost />);
    inAct(() => openFilePermissions(FILE));
    const paper = await dialog('File permissions');
    expect(await within(paper).findByTestId('file-permissions-none')).toBeTruthy();
  });
});
