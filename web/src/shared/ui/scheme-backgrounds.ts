/**
 * What primary-coloured text sits on per scheme: the page and paper background, and in the dark
 * scheme also the lightest elevated paper (MUI lays a white overlay on raised surfaces: about
 * 16% at elevation 24, #393939).
 */
export const SCHEME_BACKGROUNDS = {
  light: ['#ffffff'],
  dark: ['#121212', '#393939'],
} as const;
