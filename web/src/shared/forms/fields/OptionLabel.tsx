import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { FieldOption } from '../field-schema.ts';

/** An option's label with its description: inline, or as a block below it (optionDescriptionBlock). */
export function OptionLabel({ option, block }: { option: FieldOption; block: boolean | undefined }) {
  if (!option.description) return option.label;
  return (
    <Box component="span">
      {option.label}
      <Typography
        component="span"
        variant="body2"
        color="text.secondary"
        sx={block ? { display: 'block' } : { ml: 1 }}
      >
        {option.description}
      </Typography>
    </Box>
  );
}
