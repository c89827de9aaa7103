// @vitest-environment jsdom
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeApi, renderWithForms } from '../../shared/forms/testing.tsx';
import type { DeviceFilters } from './api/list-devices.ts';
import { DeviceFilterChips, DeviceFilterPanel } from './DeviceFilterBar.tsx';

afterEach(cleanup);

/** The panel and chips as the devices list holds them: the filters it reports become its filters. */
function renderBar(start: DeviceFilters) {
  const reported: DeviceFilters[] = [];
  function Harness() {
    const [filters, setFilters] = useState(start);
    return (
      <>
        <DeviceFilterChips filters={filters} onChange={setFilters} />
        <DeviceFilterPanel
          anchor={document.body}
          onClose={() => undefined}
          filters={filters}
          onChange={(next) => {
            reported.push(next);
            setFilters(next);
          }}
          within={{ q: 'depot' }}
        />
      </>
    );
  }
  renderWithForms(<Harness />);
  return reported;
}

const input = (testId: string) => screen.getByTestId(testId) as HTMLInputElement;

describe('the devices filters (spec §2 /management/devices)', () => {
  it('model and firmware offer the values of the fleet with counts, under the other filters', async () => {
    const user = userEvent.setup();
    const server = fakeApi({
      'GET /devices/facets': ({ params }) => ({
        status: 200,
        data: {
          data:
            params.field === 'model'
              ? [
                  { value: 'RUT956', count: 12 },
                  { value: 'RUT950', count: 3 },
                ]
              : [{ value: 'RUT9_R_00.07.06.1', count: 9 }],
        },
      }),
      'GET /companies/7': () => ({ status: 200, data: { data: { id: 7, name: 'Acme West' } } }),
    });
    // A company filter from the address (a reload, a link) shows its name.
    const reported = renderBar({ company_id: 7 });
    await waitFor(() => expect(input('filter-company_id').value).toBe('Acme West'));

    await user.type(input('filter-model'), '95');
    // The values offered contain what is typed, under the list's search and other filters.
    await waitFor(() =>
      expect(server.requests('GET /devices/facets').at(-1)?.params).toEqual({
        field: 'model',
        search: '95',
        company_id: 7,
        q: 'depot',
      }),
    );
    await user.click(await screen.findByRole('option', { name: 'RUT956 (12)' }));
    expect(reported.at(-1)).toEqual({ company_id: 7, model: 'RUT956' });
    expect(input('filter-model').value).toBe('RUT956');

    // The firmware's values are counted among that model's devices; never under its own filter.
    await user.click(input('filter-firmware'));
    await screen.findByRole('option', { name: 'RUT9_R_00.07.06.1 (9)' });
    expect(server.requests('GET /devices/facets').at(-1)?.params).toEqual({
      field: 'firmware',
      company_id: 7,
      model: 'RUT956',
      q: 'depot',
    });
  });

  it('what is typed filters after a pause, matching anywhere in the value; clearing empties the field', async () => {
    const user = userEvent.setup();
    fakeApi({ 'GET /devices/facets': () => ({ status: 200, data: { data: [] } }) });
    const reported = renderBar({});
    await user.type(input('filter-firmware'), '07.06');
    await waitFor(() => expect(reported.at(-1)).toEqual({ firmware: '07.06' }));
    await user.click(screen.getByTestId('clear-filters'));
    expect(reported.at(-1)).toEqual({});
    await waitFor(() => expect(input('filter-firmware').value).toBe(''));
  });
});

describe('the active filters as chips (issue 28)', () => {
  it('names each filter in words; its remove button takes that filter out and keeps the others', async () => {
    const user = userEvent.setup();
    fakeApi({
      'GET /devices/facets': () => ({ status: 200, data: { data: [] } }),
      'GET /tags/3': () => ({ status: 200, data: { data: { id: 3, name: 'Rollout <b>1</b>' } } }),
    });
    const reported = renderBar({ status: 'online', tag_id: 3 });
    expect(screen.getByTestId('filter-chip-status').textContent).toBe('Status: Online');
    // A tag's name is shown as text.
    await waitFor(() =>
      expect(screen.getByTestId('filter-chip-tag_id').textContent).toBe('Tags: Rollout <b>1</b>'),
    );
    await user.click(screen.getByLabelText('Remove the Status filter'));
    await waitFor(() => expect(screen.queryByTestId('filter-chip-status')).toBeNull());
    expect(screen.getByTestId('filter-chip-tag_id')).toBeTruthy();
    expect((screen.getByTestId('filter-status') as HTMLSelectElement).value).toBe('');
    expect(reported).toEqual([]);
  });
});
