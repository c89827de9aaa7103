// @vitest-environment jsdom
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import FormPage from './FormPage.tsx';
import { type FormDefinition, formPath, registerForm } from './registry.ts';
import { fakeApi, renderWithForms } from './testing.tsx';

const undo: (() => void)[] = [];
afterEach(() => {
  cleanup();
  for (const unregister of undo.splice(0)) unregister();
});

/** The app at `/start` then the form route, as if the user had opened the form from a page. */
function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      { path: '/start', element: <p>Start page</p> },
      { path: '/forms/:name/:id?', element: <FormPage /> },
    ],
    { initialEntries: ['/start', path], initialIndex: 1 },
  );
  renderWithForms(<RouterProvider router={router} />);
  return router;
}

describe('the form route /forms/{name}/{id?} (spec §2)', () => {
  it('formPath builds the route of a named form', () => {
    expect(formPath('tag')).toBe('/forms/tag');
    expect(formPath('tag', 7)).toBe('/forms/tag/7');
    expect(formPath('new tag', 'a/b')).toBe('/forms/new%20tag/a%2Fb');
  });

  it('spec §2: renders the registered form full-page, with the id of the route', async () => {
    const definition = vi.fn<FormDefinition>(({ id }) => ({
      title: `Edit tag ${id}`,
      fields: [{ key: 'name', label: 'Name' }],
      submit: { url: `/tags/${id}`, method: 'put' },
    }));
    undo.push(registerForm('tag', definition));
    renderAt('/forms/tag/7');
    expect(await screen.findByRole('heading', { name: 'Edit tag 7' })).toBeDefined();
    expect(screen.getByRole('textbox', { name: 'Name' })).toBeDefined();
    expect(definition.mock.calls[0]?.[0].id).toBe('7');
    expect(definition.mock.calls[0]?.[0].t('forms.submit')).toBe('Submit');
  });

  it('spec §2: after a successful submit the app goes back one step', async () => {
    const user = userEvent.setup();
    const server = fakeApi({ 'POST /tags': () => ({ status: 200, data: { success: true } }) });
    const onClose = vi.fn();
    undo.push(
      registerForm('new-tag', () => ({
        title: 'New tag',
        fields: [{ key: 'name', label: 'Name', required: true }],
        submit: { url: '/tags', item: 'Tag', onClose },
      })),
    );
    const router = renderAt('/forms/new-tag');
    await user.type(await screen.findByRole('textbox', { name: 'Name' }), 'Edge');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Start page')).toBeDefined();
    expect(router.state.location.pathname).toBe('/start');
    expect(server.requests('POST /tags')[0]?.body).toEqual({ name: 'Edge' });
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(await screen.findByText('Tag created successfully')).toBeDefined();
  });

  it('stays on the form after a failed submit', async () => {
    const user = userEvent.setup();
    fakeApi({
      'POST /tags': () => ({
        status: 422,
        data: { errors: [{ code: 'X', message: 'Taken', source: 'name' }] },
      }),
    });
    undo.push(
      registerForm('new-tag', () => ({
        title: 'New tag',
        fields: [{ key: 'name', label: 'Name' }],
        submit: { url: '/tags' },
      })),
    );
    const router = renderAt('/forms/new-tag');
    await user.click(await screen.findByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Taken')).toBeDefined();
    expect(router.state.location.pathname).toBe('/forms/new-tag');
  });

  it('Cancel goes back one step too', async () => {
    const user = userEvent.setup();
    undo.push(registerForm('new-tag', () => ({ title: 'New tag', fields: [], submit: { url: '/tags' } })));
    renderAt('/forms/new-tag');
    await user.click(await screen.findByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.getByText('Start page')).toBeDefined());
  });

  it('an unknown form name says so', async () => {
    renderAt('/forms/nothing');
    expect(await screen.findByText('This form does not exist.')).toBeDefined();
  });

  it('a name is registered once', () => {
    undo.push(registerForm('twice', () => ({ title: '', fields: [], submit: { url: '/x' } })));
    expect(() => registerForm('twice', () => ({ title: '', fields: [], submit: { url: '/x' } }))).toThrow(
      'already registered',
    );
  });
});
