import { ref, type Ref } from 'vue';

/**
 * A form's problems as people see them: each field's problem shows under it only once they tried to submit,
 * and the API's refusal of the last submit shows under the form.
 */
export function useFormProblems(errors: Ref<Record<string, string>>) {
  const tried = ref(false);
  /** The API's refusal of the last submit, in words. */
  const problem = ref<string | null>(null);
  /** The problem to show under a field: none until the first submit. */
  const shown = (key: string) => (tried.value ? errors.value[key] : undefined);
  /** Starts a submit: shows every field's problem and clears the last refusal; true when no field stops it. */
  function begin(): boolean {
    tried.value = true;
    problem.value = null;
    return Object.keys(errors.value).length === 0;
  }
  /** Forgets both, for a form opened afresh. */
  function reset(): void {
    tried.value = false;
    problem.value = null;
  }
  return { problem, shown, begin, reset };
}
