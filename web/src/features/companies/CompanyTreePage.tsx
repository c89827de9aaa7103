import AddIcon from '@mui/icons-material/Add';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import ListIcon from '@mui/icons-material/ViewList';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { messageOf } from '../../shared/api/messages.ts';
import { can, useSignedInUser } from '../../shared/lib/auth.ts';
import { pathOf } from '../../shared/routing/web-routes.ts';
import { ErrorAlert } from '../../shared/ui/ErrorAlert.tsx';
import { PageLoading } from '../../shared/ui/PageLoading.tsx';
import { useCompanyTree } from './api/get-company-tree.ts';
import { levelLabel } from './level-label.ts';
import { branchIds, buildTree, type TreeBranch } from './tree.ts';

const dialogs = () => import('./company-dialogs.tsx');

interface BranchProps {
  branch: TreeBranch;
  open: ReadonlySet<number>;
  toggle: (id: number) => void;
  manages: boolean;
}

function Branch({ branch, open, toggle, manages }: BranchProps) {
  const { t } = useTranslation();
  const { node, children } = branch;
  const expanded = open.has(node.id);
  return (
    <Box component="li" sx={{ listStyle: 'none' }} data-testid={`tree-node-${node.id}`}>
      <Stack
        direction="row"
        spacing={1}
        useFlexGap
        sx={{ alignItems: 'center', py: 0.5, flexWrap: 'wrap', borderBottom: 1, borderColor: 'divider' }}
      >
        {children.length > 0 ? (
          <IconButton
            size="small"
            aria-expanded={expanded}
            aria-label={t(expanded ? 'admin.companies.tree.collapse' : 'admin.companies.tree.expand', {
              name: node.name,
            })}
            onClick={() => toggle(node.id)}
          >
            {expanded ? <ExpandMoreIcon fontSize="small" /> : <ChevronRightIcon fontSize="small" />}
          </IconButton>
        ) : (
          <Box sx={{ width: 34 }} aria-hidden />
        )}
        <Link component={RouterLink} to={pathOf('company', { company_id: node.id })} sx={{ fontWeight: 500 }}>
          {node.name}
        </Link>
        <Chip size="small" variant="outlined" label={levelLabel(t, node.level)} />
        <Typography variant="body2" color="text.secondary">
          {t('admin.companies.tree.devices', { count: node.devices })}
          {' · '}
          {t('admin.companies.tree.users', { count: node.users })}
          {' · '}
          {t('admin.companies.tree.subsidiaries', { count: node.subsidiaries })}
        </Typography>
        {manages && (
          <IconButton
            size="small"
            sx={{ ml: 'auto' }}
            aria-label={`${t('admin.companies.new')}: ${node.name}`}
            title={t('admin.companies.new')}
            onClick={() => void dialogs().then((module) => module.openNewCompany(node.id))}
          >
            <AddIcon fontSize="small" />
          </IconButton>
        )}
      </Stack>
      {expanded && children.length > 0 && (
        <Box component="ul" sx={{ pl: { xs: 2, sm: 4 }, m: 0 }}>
          {children.map((child) => (
            <Branch key={child.node.id} branch={child} open={open} toggle={toggle} manages={manages} />
          ))}
        </Box>
      )}
    </Box>
  );
}

/**
 * /companies/tree (spec §2): the companies the user may see as a tree, each with its tier,
 * users and subsidiaries; expanded at first. Device counts join with the devices issue.
 */
export default function CompanyTreePage() {
  const { t } = useTranslation();
  const user = useSignedInUser();
  const manages = can(user, 'manage_companies');
  const tree = useCompanyTree();
  const roots = useMemo(() => buildTree(tree.data ?? []), [tree.data]);
  const all = useMemo(() => branchIds(roots), [roots]);
  // Collapsed companies are remembered, so a company added after a reload is open too.
  const [collapsed, setCollapsed] = useState<ReadonlySet<number>>(new Set());
  const open = useMemo(() => new Set(all.filter((id) => !collapsed.has(id))), [all, collapsed]);
  const toggle = (id: number) =>
    setCollapsed((now) => {
      const next = new Set(now);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  return (
    <>
      <Stack direction="row" spacing={1} useFlexGap sx={{ mb: 2, flexWrap: 'wrap' }}>
        <Button onClick={() => setCollapsed(new Set())}>{t('admin.companies.tree.expandAll')}</Button>
        <Button onClick={() => setCollapsed(new Set(all))}>{t('admin.companies.tree.collapseAll')}</Button>
        <Box sx={{ flex: 1 }} />
        <Button component={RouterLink} to={pathOf('companies')} startIcon={<ListIcon />}>
          {t('admin.companies.listView')}
        </Button>
        {manages && (
          <Button
            variant="contained"
            startIcon={<AddIcon />}
            onClick={() => void dialogs().then((module) => module.openNewCompany())}
          >
            {t('admin.companies.new')}
          </Button>
        )}
      </Stack>
      {tree.isPending ? (
        <PageLoading />
      ) : tree.isError ? (
        <ErrorAlert>
          {t('admin.companies.loadFailed')} {messageOf(tree.error)}
        </ErrorAlert>
      ) : (
        <Paper variant="outlined" sx={{ px: { xs: 1, sm: 2 }, py: 1 }}>
          <Box component="ul" aria-label={t('admin.companies.tree.label')} sx={{ m: 0, p: 0 }}>
            {roots.map((branch) => (
              <Branch key={branch.node.id} branch={branch} open={open} toggle={toggle} manages={manages} />
            ))}
          </Box>
        </Paper>
      )}
    </>
  );
}
