// The form blocks the console's dialogs share (New agent, Issue a card, the policy editor): a field's problem
// shows under it only once a submit was tried, the dialog's refusal shows under the form, and Cancel says so.
import { afterEach, describe, expect, it } from 'vitest';
import { computed, defineComponent, h, ref } from 'vue';
import { flushPromises, mount, type VueWrapper } from '@vue/test-utils';
import { NInput } from 'naive-ui';
import FormField from '../../renderer/components/common/FormField.vue';
import ModalFormButtons from '../../renderer/components/common/ModalFormButtons.vue';
import { useFormProblems } from '../../renderer/composables/use-form-problems';

let wrapper: VueWrapper | undefined;
afterEach(() => wrapper?.unmount());

/** A one-field form: a name is required; submitting with one is refused as the API would. */
const NameForm = defineComponent({
  emits: ['cancel'],
  setup(_, { emit, expose }) {
    const name = ref('');
    const errors = computed(() => (name.value.trim() ? {} : { name: 'Required, such as Alice' } as Record<string, string>));
    const { problem, shown, begin, reset } = useFormProblems(errors);
    const sent = ref(0);
    function submit(): void {
      if (!begin()) return;
      sent.value++;
      problem.value = 'The thing was not made: refused';
    }
    expose({ name, sent, reset });
    return () => h('form', { onSubmit: (e: Event) => (e.preventDefault(), submit()) }, [
      h(FormField, { label: 'Name', error: shown('name') }, () => h(NInput, { value: name.value, 'onUpdate:value': (v: string) => (name.value = v) })),
      h(ModalFormButtons, { problem: problem.value, busy: false, submitLabel: 'Make it', testid: 'thing', onCancel: () => emit('cancel') }),
    ]);
  },
});

describe('shared form blocks', () => {
  it('shows a field’s problem only after a submit, sends once it is mended, and shows the refusal under the form', async () => {
    wrapper = mount(NameForm, { attachTo: document.body });
    const vm = wrapper.vm as unknown as { name: string; sent: number; reset(): void };
    expect(wrapper.text()).not.toContain('Required, such as Alice');
    await wrapper.find('form').trigger('submit');
    await flushPromises();
    expect(wrapper.text()).toContain('Required, such as Alice');
    expect(wrapper.find('.n-form-item-blank').classes()).toContain('n-form-item-blank--error');
    expect(vm.sent).toBe(0);
    vm.name = 'Alice';
    await flushPromises();
    expect(wrapper.text()).not.toContain('Required, such as Alice');
    expect(wrapper.find('.n-form-item-blank').classes()).not.toContain('n-form-item-blank--error');
    await wrapper.find('form').trigger('submit');
    await flushPromises();
    expect(vm.sent).toBe(1);
    expect(wrapper.find('[data-testid="thing-problem"]').text()).toBe('The thing was not made: refused');
    expect(wrapper.find('[data-testid="thing-problem"]').attributes('role')).toBe('alert');
    expect(wrapper.find('[data-testid="thing-submit"]').text()).toBe('Make it');
    vm.reset();
    vm.name = '';
    await flushPromises();
    expect(wrapper.find('[data-testid="thing-problem"]').exists()).toBe(false);
    expect(wrapper.text()).not.toContain('Required, such as Alice');
  });

  it('Cancel tells the dialog to close', async () => {
    wrapper = mount(NameForm, { attachTo: document.body });
    const cancel = wrapper.findAll('button').find((b) => b.text() === 'Cancel')!;
    await cancel.trigger('click');
    expect(wrapper.emitted('cancel')).toHaveLength(1);
  });
});
