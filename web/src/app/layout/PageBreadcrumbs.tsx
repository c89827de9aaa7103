import Breadcrumbs from '@mui/material/Breadcrumbs';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { generatePath, Link as RouterLink, useParams } from 'react-router';
import { useRouteTitle } from '../../shared/routing/titles.ts';
import { webRoute } from '../../shared/routing/web-routes.ts';

/** Spec §2: the breadcrumbs of a nested page, ancestors linked where they have a page. */
export function PageBreadcrumbs({ chain, title }: { chain: readonly string[]; title: string }) {
  const { t } = useTranslation();
  const params = useParams();
  const titleOf = useRouteTitle();
  return (
    <Breadcrumbs aria-label={t('layout.breadcrumbs')} sx={{ mb: 0.5 }}>
      {chain.slice(0, -1).map((name) => {
        const target = webRoute(name);
        let href: string | undefined;
        try {
          href = target ? generatePath(target.path, params) : undefined;
        } catch {
          href = undefined;
        }
        return href ? (
          <Link key={name} component={RouterLink} to={href} underline="hover" color="inherit">
            {titleOf(name)}
          </Link>
        ) : (
          <Typography key={name} color="text.secondary">
            {titleOf(name)}
          </Typography>
        );
      })}
      <Typography color="text.primary">{title}</Typography>
    </Breadcrumbs>
  );
}
