import Button from '@mui/material/Button';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import {
  ColumnsPanelTrigger,
  FilterPanelTrigger,
  type GridToolbarProps,
  gridDensitySelector,
  Toolbar,
  type ToolbarPropsOverrides,
  useGridApiContext,
  useGridRootProps,
  useGridSelector,
} from '@mui/x-data-grid';
import { type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { gridFiltersLabel } from './filters-label.ts';
import { DENSITIES, type GridDensity } from './grid-preferences.ts';

declare module '@mui/x-data-grid' {
  interface ToolbarPropsOverrides {
    /** The density menu opens with the toolbar: the first paint's Density button asked for it. */
    densityOpen?: boolean;
    /** A control before the grid's buttons (a phone's column choice, phone.tsx). */
    start?: ReactNode;
    /** The page has filters of its own: this Filters button reads Column filters. */
    pageFilters?: boolean;
    /** Some column can be filtered: else there is no Filters button (its panel would be empty). */
    columnFilters?: boolean;
  }
}

/** The toolbar's height, the first paint's (StaticGrid's `.bar`). */
const TOOLBAR_HEIGHT = 44;

const DENSITY_ICON = {
  compact: 'densityCompactIcon',
  standard: 'densityStandardIcon',
  comfortable: 'densityComfortableIcon',
} as const satisfies Record<GridDensity, string>;

/**
 * The full grid's toolbar: Columns, Filters and Density in words, as the first paint has them (so
 * the swap does not change the bar), Columns and Filters opening MUI X's panels and Density its
 * menu (issue 28: operators choose how many rows a screen holds; the list keeps the choice in user
 * storage through the grid's `onDensityChange`).
 */
export function GridToolbar({
  densityOpen = false,
  start,
  pageFilters = false,
  columnFilters = true,
}: GridToolbarProps & ToolbarPropsOverrides) {
  const { t } = useTranslation();
  const apiRef = useGridApiContext();
  const rootProps = useGridRootProps();
  const density = useGridSelector(apiRef, gridDensitySelector);
  const [open, setOpen] = useState(densityOpen);
  // A state, not a ref: a menu asked for on mount opens once its button is there.
  const [anchor, setAnchor] = useState<HTMLButtonElement | null>(null);
  const menuId = useId();
  const choose = (next: GridDensity) => {
    setOpen(false);
    apiRef.current.setDensity(next);
  };
  return (
    <Toolbar style={{ minHeight: TOOLBAR_HEIGHT }}>
      {start}
      {/* On a phone the column choice (`start`) stands for the Columns panel. */}
      {!start && (
        <ColumnsPanelTrigger render={<Button size="small" />} data-testid="grid-columns">
          {t('grid.columns')}
        </ColumnsPanelTrigger>
      )}
      {columnFilters && (
        <FilterPanelTrigger
          render={(props, state) => (
            <Button size="small" {...props}>
              {gridFiltersLabel(t, state.filterCount, pageFilters)}
            </Button>
          )}
        />
      )}
      <Button
        size="small"
        ref={setAnchor}
        aria-haspopup="menu"
        aria-controls={open ? menuId : undefined}
        aria-expanded={open || undefined}
        onClick={() => setOpen((now) => !now)}
        data-testid="grid-density"
      >
        {t('grid.density')}
      </Button>
      <Menu id={menuId} anchorEl={anchor} open={open && anchor !== null} onClose={() => setOpen(false)}>
        {DENSITIES.map((choice) => {
          const Icon = rootProps.slots[DENSITY_ICON[choice]];
          return (
            <MenuItem
              key={choice}
              role="menuitemradio"
              aria-checked={choice === density}
              selected={choice === density}
              onClick={() => choose(choice)}
              data-testid={`grid-density-${choice}`}
            >
              <ListItemIcon>
                <Icon fontSize="small" />
              </ListItemIcon>
              <ListItemText>{t(`grid.densities.${choice}`)}</ListItemText>
            </MenuItem>
          );
        })}
      </Menu>
    </Toolbar>
  );
}
