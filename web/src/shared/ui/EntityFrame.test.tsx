// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { AxiosError, type AxiosResponse, type InternalAxiosRequestConfig } from 'axios';
import { afterEach, describe, expect, it } from 'vitest';
import { pageLabel } from '../routing/page-labels.ts';
import { EntityFrame, type EntityLoad } from './EntityFrame.tsx';

interface Thing {
  id: number;
  name: string;
}

const acme: Thing = { id: 7, name: 'Acme East' };

function renderFrame(load: EntityLoad<Thing>, extra: { invalid?: string; missing?: string } = {}) {
  return render(
    <EntityFrame
      load={load}
      route="thing"
      label={(thing) => thing.name}
      tabs={<nav>tabs</nav>}
      actions={(thing) => <button type="button">{`Act on ${thing.name}`}</button>}
      {...extra}
    >
      {(thing) => <p>{`Content of ${thing.id}`}</p>}
    </EntityFrame>,
  );
}

afterEach(cleanup);

describe('EntityFrame (spec §2: a page showing one thing)', () => {
  it('shows a spinner while the thing loads, and no label or content yet', () => {
    renderFrame({ data: undefined, error: null, isPending: true });
    expect(screen.getByLabelText('…')).toBeTruthy();
    expect(screen.queryByText(/Content of/)).toBeNull();
    expect(pageLabel('thing')).toBeUndefined();
  });

  it("shows the load's error message (spec §8) instead of the page", async () => {
    renderFrame({ data: undefined, error: new Error('Company not found'), isPending: false });
    expect((await screen.findByRole('alert')).textContent).toContain('Company not found');
    expect(screen.queryByText(/Content of/)).toBeNull();
    expect(screen.queryByText('tabs')).toBeNull();
  });

  it('names both causes when the API refuses the thing (missing, or not the user’s)', async () => {
    const config = { headers: {} } as InternalAxiosRequestConfig;
    const refusal = (status: number) =>
      new AxiosError('refused', 'ERR_BAD_REQUEST', config, undefined, {
        status,
        data: { errors: [{ message: 'You do not have permission to do this.' }] },
      } as AxiosResponse);
    const missing = 'Not found among your things: it does not exist, or it is not yours.';
    for (const status of [403, 404]) {
      renderFrame({ data: undefined, error: refusal(status), isPending: false }, { missing });
      expect((await screen.findByRole('alert')).textContent).toContain(missing);
      cleanup();
    }
    // Any other failure keeps its own message.
    renderFrame({ data: undefined, error: refusal(500), isPending: false }, { missing });
    expect((await screen.findByRole('alert')).textContent).not.toContain(missing);
  });

  it('shows the given message for an address that names no valid thing', async () => {
    renderFrame({ data: undefined, error: null, isPending: true }, { invalid: 'Failed to load the company' });
    expect((await screen.findByRole('alert')).textContent).toContain('Failed to load the company');
    expect(screen.queryByLabelText('…')).toBeNull();
  });

  it("labels the route with the thing's name and renders tabs, actions and content from it", () => {
    const view = renderFrame({ data: acme, error: null, isPending: false });
    expect(pageLabel('thing')).toBe('Acme East');
    expect(screen.getByText('tabs')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Act on Acme East' })).toBeTruthy();
    expect(screen.getByText('Content of 7')).toBeTruthy();
    view.unmount();
    expect(pageLabel('thing')).toBeUndefined();
  });

  it('keeps showing the error when a refetch fails while data is cached', async () => {
    renderFrame({ data: acme, error: new Error('Network down'), isPending: false });
    expect((await screen.findByRole('alert')).textContent).toContain('Network down');
    expect(screen.queryByText('Content of 7')).toBeNull();
  });
});
