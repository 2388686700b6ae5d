import type { GlobalThemeOverrides } from 'naive-ui';

/** The monospace stack used for ids, amounts, paths and JSON. */
export const MONO_FONT = "ui-monospace, 'SF Mono', 'JetBrains Mono', Menlo, Consolas, 'Liberation Mono', monospace";

const shared: GlobalThemeOverrides = {
  common: {
    fontFamily: "Inter, system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
    fontFamilyMono: MONO_FONT,
    borderRadius: '6px',
    borderRadiusSmall: '4px',
  },
  DataTable: { thPaddingSmall: '6px 10px', tdPaddingSmall: '6px 10px' },
  Drawer: { bodyPadding: '16px 20px' },
  Menu: { itemHeight: '36px' },
};

/** Light theme: a deep teal accent on neutral greys, readable at support-desk brightness. */
export const lightOverrides: GlobalThemeOverrides = {
  ...shared,
  common: {
    ...shared.common,
    primaryColor: '#0f766e', primaryColorHover: '#0d9488', primaryColorPressed: '#115e59', primaryColorSuppl: '#0d9488',
    infoColor: '#2563eb', successColor: '#15803d', warningColor: '#b45309', errorColor: '#b91c1c',
    bodyColor: '#f6f7f9',
  },
  Layout: { siderColor: '#ffffff', headerColor: '#ffffff', color: '#f6f7f9' },
};

/** Dark theme: the same accent lifted for contrast on a near-black background. */
export const darkOverrides: GlobalThemeOverrides = {
  ...shared,
  common: {
    ...shared.common,
    primaryColor: '#2dd4bf', primaryColorHover: '#5eead4', primaryColorPressed: '#14b8a6', primaryColorSuppl: '#14b8a6',
    infoColor: '#60a5fa', successColor: '#4ade80', warningColor: '#fbbf24', errorColor: '#f87171',
    bodyColor: '#111315',
  },
  Layout: { siderColor: '#16191c', headerColor: '#16191c', color: '#111315' },
};

/** The overrides for a mode. */
export function themeOverrides(mode: 'light' | 'dark'): GlobalThemeOverrides {
  return mode === 'dark' ? darkOverrides : lightOverrides;
}
