import { computed } from 'vue';
import { createDiscreteApi, darkTheme } from 'naive-ui';
import { toConsoleError } from '../lib/console-error';
import { useThemeStore } from '../stores/theme';
import { themeOverrides } from '../theme';

type Discrete = ReturnType<typeof createDiscreteApi<'message' | 'notification' | 'dialog'>>;
let discrete: Discrete | null = null;

function api(): Discrete {
  if (!discrete) {
    const theme = useThemeStore();
    discrete = createDiscreteApi(['message', 'notification', 'dialog'], {
      configProviderProps: computed(() => ({ theme: theme.isDark ? darkTheme : null, themeOverrides: themeOverrides(theme.mode) })),
      notificationProviderProps: { placement: 'bottom-right', max: 4 },
    });
  }
  return discrete;
}

/** Feedback outside the component tree: error notifications with code and message, short success messages, confirmations. */
export function useFeedback() {
  /** Shows an error as a notification headed by its code. */
  function error(err: unknown, title?: string): void {
    const e = toConsoleError(err);
    api().notification.error({
      title: title ?? e.code,
      description: title ? e.code : undefined,
      content: e.message,
      duration: 8000,
      keepAliveOnHover: true,
    });
  }

  /** Shows a short confirmation that something worked. */
  function success(text: string): void {
    api().message.success(text);
  }

  /** Shows a short neutral message. */
  function info(text: string): void {
    api().message.info(text);
  }

  /** Runs an action and notifies on failure; resolves to the result, or undefined when it failed. */
  async function guard<T>(action: () => Promise<T>, title?: string): Promise<T | undefined> {
    try {
      return await action();
    } catch (err) {
      error(err, title);
      return undefined;
    }
  }

  /** Asks before a destructive action; resolves true when confirmed. */
  function confirm(title: string, content: string, positiveText = 'Delete'): Promise<boolean> {
    return new Promise((resolve) => {
      api().dialog.warning({
        title, content, positiveText, negativeText: 'Cancel',
        onPositiveClick: () => resolve(true), onNegativeClick: () => resolve(false), onClose: () => resolve(false), onMaskClick: () => resolve(false),
      });
    });
  }

  return { error, success, info, guard, confirm };
}
