import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import i18next from 'i18next';
import { useTranslation } from 'react-i18next';
import { registerModal } from '../../../shared/modals/registry.ts';
import { openModal } from '../../../shared/modals/store.ts';
import { ErrorAlert } from '../../../shared/ui/ErrorAlert.tsx';
import { useCreditReport } from '../api/get-credit-report.ts';
import { creditTypeName } from '../credit-type-name.ts';

const CREDIT_REPORT = 'credit-report';

/** Spec §2 'Credit report': a company's balances by type. */
function CreditReportBody({ companyId }: { companyId: number }) {
  const { t } = useTranslation();
  const balances = useCreditReport(companyId);
  if (balances.isPending) return <Typography>{t('common.loading')}</Typography>;
  if (balances.isError) return <ErrorAlert>{t('admin.credits.loadFailed')}</ErrorAlert>;
  if (balances.data.length === 0)
    return <Typography data-testid="credit-report-empty">{t('admin.credits.none')}</Typography>;
  return (
    <Table size="small" aria-label={t('admin.credits.report')}>
      <TableHead>
        <TableRow>
          <TableCell>{t('admin.credits.fields.type')}</TableCell>
          <TableCell align="right">{t('admin.credits.fields.amount')}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {balances.data.map((row) => (
          <TableRow key={row.credit_type_id}>
            <TableCell>{creditTypeName(t, row.credit_type_name)}</TableCell>
            <TableCell align="right">{row.amount}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

registerModal(CREDIT_REPORT, CreditReportBody);

export const openCreditReport = (companyId: number, companyName: string) =>
  openModal({
    id: CREDIT_REPORT,
    title: i18next.t('admin.credits.report'),
    subtitle: companyName,
    component: CREDIT_REPORT,
    props: { companyId },
    minimizeDisable: true,
  });
