/**
 * Colour arithmetic shared by the edge (first-paint CSS) and the console (MUI theme), so both
 * pick the same readable text colour for a brand colour. WCAG 2 relative luminance and contrast.
 */

/** WCAG AA contrast for normal text. */
export const AA_CONTRAST = 4.5;

function channel(hex: string, offset: number): number {
  const value = Number.parseInt(hex.slice(offset, offset + 2), 16) / 255;
  return value <= 0.04045 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
}

/** Relative luminance of a `#rrggbb` colour (0 black … 1 white). */
export function luminance(hex: string): number {
  if (!/^#[0-9a-f]{6}$/i.test(hex)) throw new TypeError(`not a #rrggbb colour: ${hex}`);
  return 0.2126 * channel(hex, 1) + 0.7152 * channel(hex, 3) + 0.0722 * channel(hex, 5);
}

export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/**
 * Text colour for a `#rrggbb` background: white when it reaches AA, else black (which then
 * does). Opaque on purpose: MUI's default `rgba(0, 0, 0, 0.87)` can fall below AA.
 */
export function readableTextOn(background: string): '#ffffff' | '#000000' {
  return contrastRatio(background, '#ffffff') >= AA_CONTRAST ? '#ffffff' : '#000000';
}

function hexOf(channels: readonly number[]): string {
  return `#${channels.map((value) => Math.round(value).toString(16).padStart(2, '0')).join('')}`;
}

/**
 * The colour moved toward white (on a dark background) or black (on a light one) in small
 * steps until it reaches `ratio` against every background: a brand colour used as text or as
 * a focus indicator stays recognisably itself and readable in both schemes. Unchanged when it
 * already passes.
 */
export function withContrast(colour: string, backgrounds: readonly string[], ratio = AA_CONTRAST): string {
  const passes = (candidate: string) =>
    backgrounds.every((background) => contrastRatio(candidate, background) >= ratio);
  if (passes(colour)) return colour;
  const darkBackgrounds = backgrounds.every((background) => luminance(background) < 0.5);
  const target = darkBackgrounds ? 255 : 0;
  const start = [1, 3, 5].map((offset) => Number.parseInt(colour.slice(offset, offset + 2), 16));
  for (let step = 1; step <= 20; step += 1) {
    const candidate = hexOf(start.map((value) => value + ((target - value) * step) / 20));
    if (passes(candidate)) return candidate;
  }
  return darkBackgrounds ? '#ffffff' : '#000000';
}
