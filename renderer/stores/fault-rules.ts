import { defineStore } from 'pinia';
import { ref } from 'vue';
import type { ApiCallInput, ApiCallOutput, ApiRoutes } from '../../core/api-client-types';
import { api } from '../api/client';
import { createPager } from '../lib/pager';

/** One fault rule with its counts. */
export type FaultRule = ApiCallOutput<ApiRoutes['GET /sandbox/fault-rules/{ruleId}']>;
/** What a new rule takes. */
export type NewFaultRule = NonNullable<ApiCallInput<ApiRoutes['POST /sandbox/fault-rules']>['body']>;

/** The workspace's fault rules (through the API, so each change shows in the request log like any call). */
export const useFaultRulesStore = defineStore('faultRules', () => {
  const pageSize = 20;
  const list = createPager<FaultRule>(async (cursor) => api('GET /sandbox/fault-rules', { query: { limit: pageSize, cursor } }), (r) => r.id);
  const busy = ref(false);

  /** Adds a rule and reloads the list. */
  async function create(rule: NewFaultRule): Promise<FaultRule> {
    busy.value = true;
    try {
      const created = await api('POST /sandbox/fault-rules', { body: rule });
      await list.reload();
      return created;
    } finally {
      busy.value = false;
    }
  }
  /** Switches a rule on or off. */
  async function setEnabled(id: string, enabled: boolean): Promise<void> {
    await api('PATCH /sandbox/fault-rules/{ruleId}', { params: { ruleId: id }, body: { enabled } });
    await list.reload();
  }
  /** Counts a rule's calls from zero again. */
  async function resetCounts(id: string): Promise<void> {
    await api('PATCH /sandbox/fault-rules/{ruleId}', { params: { ruleId: id }, body: { resetCounts: true } });
    await list.reload();
  }
  /** Deletes a rule. */
  async function remove(id: string): Promise<void> {
    await api('DELETE /sandbox/fault-rules/{ruleId}', { params: { ruleId: id } });
    await list.reload();
  }
  return { ...list, busy, create, setEnabled, resetCounts, remove };
});
