import { defineStore } from 'pinia';
import { computed, ref, watch } from 'vue';

/** A colour scheme of the console. */
export type ThemeMode = 'light' | 'dark';

/** The localStorage key of the chosen theme. */
export const THEME_KEY = 'consoleTheme';

function initialMode(): ThemeMode {
  const saved = globalThis.localStorage?.getItem(THEME_KEY);
  if (saved === 'light' || saved === 'dark') return saved;
  return globalThis.matchMedia?.('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
}

/** UI preferences: the light or dark theme, persisted across runs. */
export const useThemeStore = defineStore('ui/theme', () => {
  const mode = ref<ThemeMode>(initialMode());
  const isDark = computed(() => mode.value === 'dark');
  watch(mode, (m) => globalThis.localStorage?.setItem(THEME_KEY, m));
  /** Switches between light and dark. */
  function toggle(): void {
    mode.value = mode.value === 'dark' ? 'light' : 'dark';
  }
  return { mode, isDark, toggle };
});
