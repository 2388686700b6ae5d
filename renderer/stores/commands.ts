import { defineStore } from 'pinia';
import { shallowRef } from 'vue';

/** A command the search dialog (Ctrl/Cmd+K) offers while the view that registered it is on screen. */
export interface ConsoleCommand {
  /** Stable id: registering the same id again replaces the earlier command. */
  id: string;
  /** What the palette shows, in words ("Save the case file of this payment"). */
  title: string;
  /** Words the palette also matches on, besides the title. */
  keywords?: string[];
  /** Runs the command; the palette closes first. */
  run: () => void | Promise<void>;
}

/** Commands views offer to the palette: a view registers them while mounted and removes them on unmount. */
export const useCommandsStore = defineStore('commands', () => {
  const commands = shallowRef<ConsoleCommand[]>([]);

  /** Adds (or replaces) a command; answers the function that removes it again. */
  function register(command: ConsoleCommand): () => void {
    commands.value = [...commands.value.filter((c) => c.id !== command.id), command];
    return () => {
      commands.value = commands.value.filter((c) => c !== command);
    };
  }

  /** The commands whose title or keywords hold every word of the query (all of them for an empty query). */
  function matching(query: string): ConsoleCommand[] {
    const words = query.toLowerCase().split(/\s+/).filter(Boolean);
    return commands.value.filter((c) => {
      const text = [c.title, ...(c.keywords ?? [])].join(' ').toLowerCase();
      return words.every((w) => text.includes(w));
    });
  }

  return { commands, register, matching };
});
