import { useLayoutEffect } from 'react';
import { THEME_CODES } from '../../contracts/index.ts';
import { useCoreSelector } from '../state/hooks.ts';
import { selectWebsiteInfo } from '../state/selectors.ts';

type Rgb = [number, number, number];

const parse = (hex: string): Rgb | null => {
  const m = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex.trim());
  return m ? [parseInt(m[1], 16), parseInt(m[2], 16), parseInt(m[3], 16)] : null;
};
const hex = (c: Rgb) => `#${c.map((v) => Math.round(v).toString(16).padStart(2, '0')).join('')}`;
const mix = (a: Rgb, b: Rgb, share: number): Rgb => [0, 1, 2].map((i) => a[i] + (b[i] - a[i]) * share) as Rgb;

/** WCAG relative luminance of an sRGB colour. */
function luminance(c: Rgb): number {
  const [r, g, b] = c.map((v) => {
    const s = v / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}
/** WCAG contrast ratio of two colours (1 to 21). */
export function contrast(a: string, b: string): number {
  const [la, lb] = [luminance(parse(a)!), luminance(parse(b)!)].sort((x, y) => y - x);
  return (la + 0.05) / (lb + 0.05);
}

const WHITE: Rgb = [255, 255, 255];
const BLACK: Rgb = [0, 0, 0];
/** The page backgrounds the colour stands on: Blueprint's light surface, and the console's dark #151515. */
const SURFACE = { light: '#ffffff', dark: '#151515' };

/**
 * Blueprint's primary intent variables for the site colour in a theme. The colour is moved towards the
 * page's opposite until it stands out from the page (3:1, WCAG's figure for controls), and the text on it is
 * white or black, whichever reads better (at least 4.5:1 for any colour).
 */
export function primaryPalette(colour: string, theme: 'light' | 'dark'): Record<string, string> | null {
  let rest = parse(colour);
  if (!rest) return null;
  const away = theme === 'dark' ? WHITE : BLACK;
  for (let i = 0; i < 20 && contrast(hex(rest), SURFACE[theme]) < 3; i += 1) rest = mix(rest, away, 0.1);
  const foreground = contrast(hex(rest), '#ffffff') >= contrast(hex(rest), '#000000') ? '#ffffff' : '#000000';
  // Hovered and pressed move away from the text colour, so the label reads at least as well as at rest (a
  // button stays hovered after its click: lightening under white text failed the contrast check in dark).
  const fromText = foreground === '#ffffff' ? BLACK : WHITE;
  return {
    '--bp-intent-primary-rest': hex(rest),
    '--bp-intent-primary-hover': hex(mix(rest, fromText, 0.15)),
    '--bp-intent-primary-active': hex(mix(rest, fromText, 0.3)),
    '--bp-intent-primary-disabled': hex(mix(rest, theme === 'dark' ? BLACK : WHITE, 0.4)),
    '--bp-intent-primary-foreground': foreground,
    '--site-colour': hex(rest),
  };
}

/** Applies the site colour (`configuration`'s colour, read with website_info) to Blueprint's primary intent. */
export function SiteColourSync() {
  const colour = useCoreSelector(selectWebsiteInfo)?.color ?? '';
  const dark = useCoreSelector((s) => s.ui.theme === THEME_CODES.dark);
  useLayoutEffect(() => {
    const palette = primaryPalette(colour, dark ? 'dark' : 'light');
    const style = document.documentElement.style;
    if (!palette) return;
    for (const [name, value] of Object.entries(palette)) style.setProperty(name, value);
    return () => {
      for (const name of Object.keys(palette)) style.removeProperty(name);
    };
  }, [colour, dark]);
  return null;
}
