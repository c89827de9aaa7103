import Badge from '@mui/material/Badge';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Tooltip from '@mui/material/Tooltip';
import {
  ColumnsPanelTrigger,
  FilterPanelTrigger,
  type GridToolbarProps,
  gridDensitySelector,
  Toolbar,
  ToolbarButton,
  type ToolbarPropsOverrides,
  useGridApiContext,
  useGridRootProps,
  useGridSelector,
} from '@mui/x-data-grid';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DENSITIES, type GridDensity } from './grid-preferences.ts';

declare module '@mui/x-data-grid' {
  interface ToolbarPropsOverrides {
    /** The density menu opens with the toolbar: the first paint's Density button asked for it. */
    densityOpen?: boolean;
  }
}

const DENSITY_ICON = {
  compact: 'densityCompactIcon',
  standard: 'densityStandardIcon',
  comfortable: 'densityComfortableIcon',
} as const satisfies Record<GridDensity, string>;

/**
 * The full grid's toolbar: Columns and Filters as MUI X draws them, and the density menu (issue
 * 28: operators choose how many rows a screen holds; the list keeps the choice in user storage
 * through the grid's `onDensityChange`).
 */
export function GridToolbar({ densityOpen = false }: GridToolbarProps & ToolbarPropsOverrides) {
  const { t } = useTranslation();
  const apiRef = useGridApiContext();
  const rootProps = useGridRootProps();
  const density = useGridSelector(apiRef, gridDensitySelector);
  const [open, setOpen] = useState(densityOpen);
  // A state, not a ref: a menu asked for on mount opens once its button is there.
  const [anchor, setAnchor] = useState<HTMLButtonElement | null>(null);
  const menuId = useId();
  const DensityIcon = rootProps.slots[DENSITY_ICON[density]];
  const choose = (next: GridDensity) => {
    setOpen(false);
    apiRef.current.setDensity(next);
  };
  return (
    <Toolbar>
      <Tooltip title={t('grid.columns')}>
        <ColumnsPanelTrigger render={<ToolbarButton />} data-testid="grid-columns">
          <rootProps.slots.columnSelectorIcon fontSize="small" />
        </ColumnsPanelTrigger>
      </Tooltip>
      <Tooltip title={t('grid.filters')}>
        <FilterPanelTrigger
          render={(props, state) => (
            <ToolbarButton {...props} color={state.filterCount > 0 ? 'primary' : 'default'}>
              <Badge badgeContent={state.filterCount} color="primary" variant="dot">
                <rootProps.slots.openFilterButtonIcon fontSize="small" />
              </Badge>
            </ToolbarButton>
          )}
        />
      </Tooltip>
      <Tooltip title={t('grid.density')}>
        <ToolbarButton
          ref={setAnchor}
          aria-label={t('grid.density')}
          aria-haspopup="menu"
          aria-controls={open ? menuId : undefined}
          aria-expanded={open || undefined}
          onClick={() => setOpen((now) => !now)}
          data-testid="grid-density"
        >
          <DensityIcon fontSize="small" />
        </ToolbarButton>
      </Tooltip>
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
