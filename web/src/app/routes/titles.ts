import { useTranslation } from 'react-i18next';
import { catalogueRoute } from './table.ts';

/** A route's translated title (`route.<name with _ for .>` in the locales), else its English title or name. */
export function useRouteTitle(): (name: string) => string {
  const { t } = useTranslation();
  return (name) => {
    const fallback = catalogueRoute(name)?.title ?? name;
    // Route names are data (the catalogue), so the key is built at run time; their dots become
    // underscores, since i18next reads a dot as nesting.
    return t(`route.${name.replaceAll('.', '_')}` as 'route.notifications', { defaultValue: fallback });
  };
}
