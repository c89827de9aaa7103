// @vitest-environment jsdom
import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { initI18n } from '../../../shared/lib/i18n.ts';
import { bulkDone } from './bulk-devices.ts';

/** Toasts after a bulk action say what happened, with the server's count (issue: counted toasts). */
describe('bulkDone', () => {
  beforeAll(async () => {
    initI18n(['en']);
    await i18next.loadLanguages('ja');
    await i18next.changeLanguage('en');
  });

  it('says what each action did, with the count and, for a move, the company', () => {
    expect(bulkDone('add_tags', { affected: 12 })).toBe('Tagged 12 devices.');
    expect(bulkDone('remove_tags', { affected: 1 })).toBe('Removed the tags from 1 device.');
    expect(bulkDone('move', { affected: 12, company_name: 'Acme Berlin' })).toBe(
      'Moved 12 devices to Acme Berlin.',
    );
    expect(bulkDone('move', { affected: 2 })).toBe('Moved 2 devices.');
    expect(bulkDone('period', { affected: 3 })).toBe('Changed the monitoring period of 3 devices.');
    expect(bulkDone('monitoring', { affected: 4 }, true)).toBe('Turned monitoring on for 4 devices.');
    expect(bulkDone('monitoring', { affected: 1 }, false)).toBe('Turned monitoring off for 1 device.');
  });

  it('says it in Japanese too', async () => {
    await i18next.changeLanguage('ja');
    expect(bulkDone('move', { affected: 12, company_name: 'Acme Berlin' })).toBe(
      '12台のデバイスをAcme Berlinに移動しました。',
    );
    await i18next.changeLanguage('en');
  });
});
