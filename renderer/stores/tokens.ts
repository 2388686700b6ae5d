import { defineStore } from 'pinia';
import type { ApiToken, CreatedApiToken } from '../../core/tokens/schema';
import type { Permission } from '../../core/api/types';
import { api } from '../api/client';
import { createPager } from '../lib/pager';

export type { ApiToken, CreatedApiToken, Permission };
/** Every permission a token can hold. */
export const PERMISSION_VALUES: readonly Permission[] = ['VIEW', 'TRANSACT', 'MANAGE'];

/** API tokens, managed through the platform API itself (`/tokens`). */
export const useTokensStore = defineStore('tokens', () => {
  const list = createPager<ApiToken>(
    (cursor) => api('GET /tokens', { query: { limit: 100, cursor } }),
    (t) => t.id,
  );

  /** Creates a token; the answer carries its secret, which is never shown again. */
  async function create(name: string, permissions: Permission[]): Promise<CreatedApiToken> {
    const created = await api('POST /tokens', { body: { name, permissions } });
    const { clientSecret: _secret, ...token } = created;
    list.prepend([token]);
    return created;
  }

  /** Deletes a token; integrations using it stop working at once. */
  async function remove(id: string): Promise<void> {
    await api('DELETE /tokens/{tokenId}', { params: { tokenId: id } });
    list.items.value = list.items.value.filter((t) => t.id !== id);
    list.total.value = Math.max(0, list.total.value - 1);
  }

  return { ...list, create, remove };
});
