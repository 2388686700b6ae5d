import { defineStore } from 'pinia';
import { computed, ref, watch } from 'vue';

/** The localStorage key of the navigation's remembered state ('collapsed' or 'expanded'). */
export const NAV_KEY = 'consoleNav';

/** Below this window width the navigation collapses to icons on its own. */
export const NARROW_BELOW = 1200;

/** Width of the navigation, expanded and collapsed (CSS pixels). */
export const NAV_WIDTH = { expanded: 232, collapsed: 64 } as const;

function narrowQuery(): MediaQueryList | null {
  return globalThis.matchMedia?.(`(max-width: ${NARROW_BELOW - 0.02}px)`) ?? null;
}

/**
 * The frame's layout: whether the navigation is collapsed to icons. A wide window follows the
 * remembered choice; a narrow one collapses it, and the toggle opens it there until the window
 * changes between narrow and wide (that choice is not remembered, a narrow window is often a moment).
 */
export const useLayoutStore = defineStore('ui/layout', () => {
  const remembered = ref(globalThis.localStorage?.getItem(NAV_KEY) === 'collapsed');
  const query = narrowQuery();
  const narrow = ref(query?.matches ?? false);
  const openedWhileNarrow = ref(false);
  query?.addEventListener('change', (e) => {
    narrow.value = e.matches;
    openedWhileNarrow.value = false;
  });
  watch(remembered, (c) => globalThis.localStorage?.setItem(NAV_KEY, c ? 'collapsed' : 'expanded'));

  /** Whether the navigation shows icons only. */
  const navCollapsed = computed(() => (narrow.value ? !openedWhileNarrow.value : remembered.value));
  /** The navigation's width in CSS pixels. */
  const navWidth = computed(() => (navCollapsed.value ? NAV_WIDTH.collapsed : NAV_WIDTH.expanded));

  /** Collapses or expands the navigation. */
  function toggleNav(): void {
    if (narrow.value) openedWhileNarrow.value = !openedWhileNarrow.value;
    else remembered.value = !remembered.value;
  }
  return { narrow, navCollapsed, navWidth, toggleNav };
});
