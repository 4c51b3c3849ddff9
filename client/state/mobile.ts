/** Spec §9: mobile is detected by the user agent (hydrate.ts; and the landing screen's first paint, scripts/first-paint.ts). */
export const MOBILE_UA = /Mobi|Android|iPhone|iPad|iPod/i;
