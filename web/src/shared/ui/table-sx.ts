/** A small table of a page (readings, history, statistics, a file's devices); cells are text. */
export const TABLE_SX = {
  width: '100%',
  borderCollapse: 'collapse',
  '& td, & th': { p: 1, textAlign: 'start', borderBottom: 1, borderColor: 'divider', fontSize: '0.875rem' },
} as const;
