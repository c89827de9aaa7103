import { describe, expect, it } from 'vitest';
import en from '../../locales/en/forms.json';
import ja from '../../locales/ja/forms.json';
import { initI18n } from '../lib/i18n.ts';

/** `key.path → text` of a catalogue. */
function flatten(tree: object, prefix = ''): Map<string, unknown> {
  return new Map(
    Object.entries(tree).flatMap(([key, value]) =>
      typeof value === 'object' && value !== null
        ? [...flatten(value, `${prefix}${key}.`)]
        : [[`${prefix}${key}`, value] as const],
    ),
  );
}

describe('forms locales', () => {
  it('ja has exactly the keys of en, each translated', () => {
    const english = flatten(en);
    const japanese = flatten(ja);
    expect([...japanese.keys()].sort()).toEqual([...english.keys()].sort());
    for (const [key, text] of english) expect(japanese.get(key), key).not.toBe(text);
  });

  it('gives the spec texts word for word in English (spec §5, §8)', () => {
    const i18n = initI18n(['en']);
    const t = (key: string, values: Record<string, unknown> = {}) =>
      i18n.t(key as 'forms.submit', { ...values, lng: 'en' });
    expect(t('forms.validation.fileSize', { size: '80MB' })).toBe('Maximum file size is 80MB');
    expect(t('forms.validation.fileName')).toBe('File name contains forbidden symbols');
    expect(t('forms.listInput.notCsv')).toBe('Not a CSV file selected');
    expect(t('forms.listInput.csvTooLarge')).toBe('File size must be lower than 80MB');
    expect(t('forms.success.created', { item: 'Tag' })).toBe('Tag created successfully');
    expect(t('forms.success.updated', { item: 'Tag' })).toBe('Tag updated successfully');
    expect(t('forms.success.removed', { item: 'Tag' })).toBe('Tag removed successfully');
    expect(t('forms.errors.mfaUnavailable')).toBe('Failed to connect to server');
  });
});
