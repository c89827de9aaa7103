// @vitest-environment jsdom
import { COMPANY_NAME_MIN_LENGTH, moveCompanySchema, newCompanySchema } from '@fleetport/contracts/companies';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { initI18n } from '../lib/i18n.ts';
import { contractErrors, problemOfIssue } from './contract.ts';
import { SchemaForm } from './SchemaForm.tsx';
import { fakeApi, renderWithForms } from './testing.tsx';

beforeAll(() => {
  if (!i18next.isInitialized) initI18n(['en']);
});
afterEach(cleanup);

describe('contract schemas in the form engine (one definition for console and API)', () => {
  it('words each rule of the contract in the current language, one error per field', () => {
    const errors = contractErrors(newCompanySchema, { name: 'AB', parent_id: null });
    expect(errors).toEqual([
      { field: 'name', message: `Enter at least ${COMPANY_NAME_MIN_LENGTH} characters` },
    ]);
    expect(contractErrors(newCompanySchema, { name: '', parent_id: 4 })).toEqual([
      { field: 'name', message: 'This field is required' },
    ]);
    expect(contractErrors(newCompanySchema, { name: 'Depot', parent_id: 4 })).toEqual([]);
  });

  it('maps zod issue kinds to the engine problems', () => {
    const issue = (schema: z.ZodType, value: unknown) => {
      const result = schema.safeParse(value, { reportInput: true });
      if (result.success) throw new Error('expected an issue');
      return problemOfIssue(result.error.issues[0] as z.core.$ZodIssue);
    };
    expect(issue(z.string().max(5), 'too long')).toEqual({ kind: 'maxLength', limit: 5 });
    expect(issue(z.number().min(1), 0)).toEqual({ kind: 'min', limit: 1 });
    expect(issue(z.number().max(9), 10)).toEqual({ kind: 'max', limit: 9 });
    expect(issue(z.number(), undefined)).toEqual({ kind: 'required' });
    expect(issue(z.number(), 'x')).toEqual({ kind: 'number' });
    expect(issue(z.number().multipleOf(0.01), 0.001)).toEqual({ kind: 'step', limit: 0.01 });
  });

  it('a SchemaForm with a contract refuses what the API would, on the field, and sends nothing', async () => {
    const user = userEvent.setup();
    const server = fakeApi({ 'POST /companies': () => ({ status: 201, data: { data: { id: 9 } } }) });
    renderWithForms(
      <SchemaForm
        fields={[{ key: 'name', label: 'Name' }]}
        submit={{ url: '/companies', hideMsg: true }}
        contract={newCompanySchema.pick({ name: true })}
      />,
    );
    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'AB');
    await user.click(screen.getByRole('button', { name: i18next.t('forms.submit') }));
    expect(await screen.findByText(`Enter at least ${COMPANY_NAME_MIN_LENGTH} characters`)).toBeTruthy();
    expect(server.seen).toEqual([]);
    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'C');
    await user.click(screen.getByRole('button', { name: i18next.t('forms.submit') }));
    await waitFor(() => expect(server.requests('POST /companies')).toHaveLength(1));
    expect(server.seen[0]?.body).toEqual({ name: 'ABC' });
  });

  it('checks the values with the defaults that are no field (an id), as they are sent', async () => {
    const user = userEvent.setup();
    const server = fakeApi({ 'POST /companies/move': () => ({ status: 200, data: { data: { id: 3 } } }) });
    renderWithForms(
      <SchemaForm
        fields={[{ key: 'target', label: 'Target', type: 'number' }]}
        submit={{ url: '/companies/move', hideMsg: true, schema: { defaults: { source: 3 } } }}
        contract={moveCompanySchema}
      />,
    );
    await user.type(screen.getByRole('spinbutton', { name: 'Target' }), '4');
    await user.click(screen.getByRole('button', { name: i18next.t('forms.submit') }));
    await waitFor(() => expect(server.requests('POST /companies/move')).toHaveLength(1));
    expect(server.seen[0]?.body).toEqual({ source: 3, target: 4 });
  });

  it('an issue of a value without a field is shown above the form, never a silent refusal', async () => {
    const user = userEvent.setup();
    const server = fakeApi({});
    renderWithForms(
      <SchemaForm
        fields={[{ key: 'target', label: 'Target', type: 'number' }]}
        submit={{ url: '/companies/move', hideMsg: true }}
        contract={moveCompanySchema}
      />,
    );
    await user.type(screen.getByRole('spinbutton', { name: 'Target' }), '4');
    await user.click(screen.getByRole('button', { name: i18next.t('forms.submit') }));
    expect((await screen.findByTestId('form-general-errors')).textContent).toContain('source');
    expect(server.seen).toEqual([]);
  });
});
