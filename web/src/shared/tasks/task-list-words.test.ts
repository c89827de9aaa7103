import i18next, { type TFunction } from 'i18next';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { initI18n } from '../lib/i18n.ts';
import { type SavedStep, stepLabel, stepsText } from './task-list-words.ts';

/**
 * Execute task list (spec §2; issue 21 §2): a saved list's steps read as one line in the user's
 * language, a firmware step by the version it installs, a command as the user typed it.
 */
let en: TFunction;
let ja: TFunction;
beforeAll(async () => {
  initI18n(['en']);
  await i18next.loadLanguages('ja');
  en = i18next.getFixedT('en');
  ja = i18next.getFixedT('ja');
});
afterAll(async () => {
  await i18next.changeLanguage('en');
});

const NIGHTLY: SavedStep[] = [
  { action: 'refresh' },
  { action: 'cli', command: 'uptime' },
  { action: 'firmware.update', file_id: 4, file_name: 'RUTX_R_00.07.09.bin', version: '00.07.09' },
  { action: 'reboot' },
];

describe('stepsText', () => {
  it('says the steps in order, in English and Japanese', () => {
    expect(stepsText(en, NIGHTLY)).toBe(
      'Fresh readings → CLI: uptime → Firmware update to 00.07.09 → Reboot',
    );
    expect(stepsText(ja, NIGHTLY)).toBe(
      '最新データの取得 → CLI コマンド: uptime → ファームウェアを 00.07.09 に更新 → 再起動',
    );
  });

  it('names an image without a version by its file, and says when the image is gone', () => {
    expect(
      stepsText(en, [{ action: 'firmware.update', file_id: 4, file_name: 'custom.bin', version: null }]),
    ).toBe('Firmware update to custom.bin');
    expect(stepsText(en, [{ action: 'firmware.update', file_id: 4, file_name: null, version: null }])).toBe(
      'Firmware update (image deleted)',
    );
  });

  it('keeps a command as text, never markup', () => {
    expect(stepsText(en, [{ action: 'cli', command: '<b>uci</b> show' }])).toBe('CLI: <b>uci</b> show');
  });
});

describe('stepLabel', () => {
  it("says a task's step counting from one", () => {
    expect(stepLabel(en, 1, 'Firmware update')).toBe('Step 2 · Firmware update');
    expect(stepLabel(ja, 0, '再起動')).toBe('手順1 · 再起動');
  });
});
