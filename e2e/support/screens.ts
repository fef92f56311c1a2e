/**
 * The screens issue 24 was tried on: three desktop sizes and a phone, each in the light and the
 * dark theme. Specs of that defects run at every one of them.
 */
export const SCREENS = [
  { width: 1280, height: 720 },
  { width: 1366, height: 900 },
  { width: 1920, height: 1080 },
  { width: 390, height: 844 },
] as const;

export const THEMES = ['light', 'dark'] as const;

export type Screen = (typeof SCREENS)[number];

export function screenName(screen: Screen): string {
  return `${screen.width}×${screen.height}`;
}
