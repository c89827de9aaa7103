import { FILE_KINDS } from '@fleetport/contracts/file-kinds';
import { useTranslation } from 'react-i18next';
import { FilterSelect } from '../../shared/grid/FilterSelect.tsx';
import { kindName } from './file-words.ts';

/** The files list's kind filter; the page keeps the choice in its address (`?kind=`). */
export function FileKindSelect({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const { t } = useTranslation();
  return (
    <FilterSelect
      label={t('files.filters.kind')}
      anyLabel={t('files.filters.any')}
      value={value}
      onChange={onChange}
      testId="files-kind"
      options={FILE_KINDS.map((kind) => ({ value: kind, label: kindName(t, kind) }))}
    />
  );
}
