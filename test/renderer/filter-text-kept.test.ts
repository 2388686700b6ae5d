// The Events and Webhooks screens keep what is typed in their resource box (not yet applied) when another
// filter changes: the box follows only its own filter, as the request log's boxes do.
import './layout-stub';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { defineComponent, h } from 'vue';
import { flushPromises, mount, type VueWrapper } from '@vue/test-utils';
import { createPinia } from 'pinia';
import { createMemoryHistory, RouterView } from 'vue-router';
import { setBridge } from '../../renderer/api/client';
import { createConsoleRouter } from '../../renderer/router';
import { fakeBridge } from './fake-bridge';

let wrapper: VueWrapper | undefined;
afterEach(() => wrapper?.unmount());
beforeAll(async () => {
  await Promise.all([import('../../renderer/views/EventsView.vue'), import('../../renderer/views/WebhooksView.vue')]);
}, 60_000);

const empty = { data: [], hasMore: false, nextCursor: null, totalCount: 0 };

describe('resource boxes keep typed text when another filter changes', () => {
  it.each([
    ['/events', 'Resource id (e.g. InternalAccount:…)'],
    ['/webhooks', 'Object id (Transaction:…, Customer:…)'],
  ])('%s', async (path, placeholder) => {
    const fake = fakeBridge({
      'events/list': () => empty as never, 'events/types': () => [] as never,
      'webhooks/list': () => empty as never,
    });
    setBridge(fake.bridge);
    const router = createConsoleRouter(createMemoryHistory());
    await router.push(path);
    await router.isReady();
    wrapper = mount(defineComponent({ render: () => h(RouterView) }), { global: { plugins: [createPinia(), router] }, attachTo: document.body });
    await flushPromises();
    const box = wrapper.findAll('input').find((i) => i.attributes('placeholder') === placeholder);
    expect(box, 'the resource box').toBeDefined();
    await box!.setValue('Transaction:typed-not-applied');
    await router.push({ path, query: { type: 'OUTGOING_PAYMENT.COMPLETED' } });
    await flushPromises();
    const listCalls = fake.calls.filter((c) => /\/list$/.test(c.name));
    expect((listCalls.at(-1)!.input as { type?: string }).type).toBe('OUTGOING_PAYMENT.COMPLETED');
    expect((box!.element as HTMLInputElement).value).toBe('Transaction:typed-not-applied');
  });
});
