import { useTranslation } from 'react-i18next';
import { usePageLabels } from './page-labels.ts';
import { catalogueRoute } from './web-routes.ts';

/** A route's label from its page (page-labels.ts), else its translated title (`route.<name with _ for .>` in the locales), else its English title or name. */
export function useRouteTitle(): (name: string) => string {
  const { t } = useTranslation();
  const labelOf = usePageLabels();
  return (name) => {
    const label = labelOf(name);
    if (label !== undefined) return label;
    const fallback = catalogueRoute(name)?.title ?? name;
    // Route names are data (the catalogue), so the key is built at run time; their dots become
    // underscores, since i18next reads a dot as nesting.
    return t(`route.${name.replaceAll('.', '_')}` as 'route.notifications', { defaultValue: fallback });
  };
}
