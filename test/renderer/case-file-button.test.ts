import './layout-stub';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { flushPromises, mount, type VueWrapper } from '@vue/test-utils';
import { createPinia, setActivePinia } from 'pinia';
import type { ApiResponse } from '../../core/index';
import { setBridge } from '../../renderer/api/client';
import { useCommandsStore } from '../../renderer/stores/commands';
import CaseFileButton from '../../renderer/components/transactions/CaseFileButton.vue';
import { fakeBridge } from './fake-bridge';

const ID = 'Transaction:019a4b7e-8c1d-7e2f-9a3b-4c5d6e7f8a9b';
const PAGE = '<!doctype html><title>Case file</title><p>Alice Johnson paid 100.00 USD</p>';

let wrapper: VueWrapper | undefined;
afterEach(() => {
  wrapper?.unmount();
  wrapper = undefined;
  setBridge(null);
  vi.restoreAllMocks();
});

/** Mounts the drawer's button over a bridge (the browser's, or the desktop's with saveCaseFile). */
function mountButton(desktop: boolean) {
  const fake = fakeBridge({}, (req): ApiResponse => (req.path.endsWith('/case') ? { status: 200, headers: { 'content-type': 'text/html; charset=utf-8' }, body: PAGE } : { status: 404, headers: {}, body: {} }));
  const saveCaseFile = vi.fn(async (r: { transactionId: string; format: 'html' | 'pdf' }) => ({ ok: true as const, value: { saved: true, path: `/home/support/${r.format}` } }));
  setBridge(desktop ? { ...fake.bridge, saveCaseFile } : fake.bridge);
  const pinia = createPinia();
  setActivePinia(pinia);
  wrapper = mount(CaseFileButton, { props: { id: ID }, global: { plugins: [pinia] } });
  return { fake, saveCaseFile, commands: useCommandsStore() };
}

describe('the case file button and palette command', () => {
  it('in the browser console, downloads the page the API answers, named after the transaction, from the button or the palette', async () => {
    const { fake, commands } = mountButton(false);
    const blobs: Blob[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((b) => (blobs.push(b as Blob), 'blob:case-file'));
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    const clicks: { href: string; download: string }[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicks.push({ href: this.href, download: this.download });
    });
    expect(wrapper!.find('[data-testid="case-file-pdf"]').exists()).toBe(false);
    await wrapper!.find('[data-testid="case-file"]').trigger('click');
    await flushPromises();
    expect(fake.apiCalls.at(-1)).toMatchObject({ method: 'GET', path: `/sandbox/transactions/${encodeURIComponent(ID)}/case` });
    expect(clicks).toEqual([{ href: 'blob:case-file', download: 'case-file-Transaction-019a4b7e-8c1d-7e2f-9a3b-4c5d6e7f8a9b.html' }]);
    expect(await blobs[0]!.text()).toBe(PAGE);
    expect(blobs[0]!.type).toBe('text/html');

    expect(commands.matching('case file').map((c) => c.title)).toEqual(['Save the case file of this payment']);
    await commands.matching('export')[0]!.run();
    await flushPromises();
    expect(clicks).toHaveLength(2);
  });

  it('in the desktop app, saves through the bridge as HTML or PDF (button and palette), and leaves the palette when the drawer closes', async () => {
    const { fake, saveCaseFile, commands } = mountButton(true);
    await wrapper!.find('[data-testid="case-file-pdf"]').trigger('click');
    await flushPromises();
    expect(saveCaseFile).toHaveBeenLastCalledWith({ transactionId: ID, format: 'pdf' });
    expect(fake.apiCalls).toEqual([]); // main fetches the page itself
    expect(commands.matching('case file').map((c) => c.title).sort()).toEqual(['Save the case file of this payment', 'Save the case file of this payment as PDF']);
    await commands.matching('case file html')[0]!.run();
    expect(saveCaseFile).toHaveBeenLastCalledWith({ transactionId: ID, format: 'html' });
    wrapper!.unmount();
    wrapper = undefined;
    expect(commands.matching('case file')).toEqual([]);
  });
});
