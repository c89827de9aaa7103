import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { can, useSignedInUser } from '../../shared/lib/auth.ts';
import { useBrand } from '../../shared/lib/brand.ts';
import { useUserStorage } from '../../shared/lib/user-storage.ts';

// Each dialog's code comes when it is first opened.
const report = () => import('./dialogs/credit-report.tsx');
const moveResources = () => import('./dialogs/move-resources.tsx');
const addData = () => import('./dialogs/add-data.tsx');
const newPool = () => import('./dialogs/new-pool.tsx');

/** A company's credit actions (report, move, add data, new pool), for those who may see credits. */
export function CompanyCreditActions({ company }: { company: { id: number; name: string } }) {
  const { t } = useTranslation();
  const user = useSignedInUser();
  const brand = useBrand();
  const storage = useUserStorage();
  if (!can(user, 'view_credits')) return null;
  return (
    <Stack direction="row" spacing={1} useFlexGap sx={{ mt: 3, flexWrap: 'wrap' }}>
      <Button
        variant="outlined"
        onClick={() => void report().then((module) => module.openCreditReport(company.id, company.name))}
      >
        {t('admin.credits.report')}
      </Button>
      {can(user, 'manage_credits') && (
        <Button
          variant="outlined"
          onClick={() => void moveResources().then((module) => module.openMoveResources(company.id))}
        >
          {t('admin.credits.move')}
        </Button>
      )}
      {can(user, 'manage_credits') && brand.data_feature && (
        <Button
          variant="outlined"
          onClick={() =>
            void addData().then((module) => module.openAddData(company.id, company.name, storage))
          }
          data-testid="add-data"
        >
          {t('admin.credits.addData')}
        </Button>
      )}
      {can(user, 'super_admin') && (
        <Button
          variant="outlined"
          onClick={() => void newPool().then((module) => module.openNewPool(company.id))}
        >
          {t('admin.credits.newPool')}
        </Button>
      )}
    </Stack>
  );
}
