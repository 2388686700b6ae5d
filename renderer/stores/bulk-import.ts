import { defineStore } from 'pinia';
import { shallowRef } from 'vue';
import type { BulkJob } from '../../core/bulk/schema';
import type { DomainEvent } from '../../core/index';
import { api, apiExchange, onEvent, responseError } from '../api/client';

/** A CSV import of customers: the job started by the last upload, kept current from live events. */
export const useBulkImportStore = defineStore('bulk-import', () => {
  const job = shallowRef<BulkJob | null>(null);

  /** Sends the CSV through the local API (`POST /customers/bulk/csv`, a text/csv body) and starts following its job. */
  async function upload(fileName: string, text: string): Promise<BulkJob> {
    const safeName = fileName.replace(/["\r\n]/g, '_').slice(0, 200) || 'customers.csv';
    const res = await apiExchange({
      method: 'POST', path: '/customers/bulk/csv', body: text,
      headers: { 'content-type': 'text/csv; charset=utf-8', 'content-disposition': `attachment; filename="${safeName}"` },
    });
    if (res.status >= 400) throw responseError(res);
    job.value = res.body as BulkJob;
    // Why: a small file's job can finish before its answer arrives here, and the events that said so
    // were ignored (no job to match yet); one read after taking the job catches up with them.
    await refresh();
    return job.value;
  }

  /** Reads the job again (`GET /customers/bulk/jobs/{jobId}`). */
  async function refresh(): Promise<void> {
    const current = job.value;
    if (current) job.value = await api('GET /customers/bulk/jobs/{jobId}', { params: { jobId: current.jobId } });
  }

  /** Re-reads the job whenever an event about it is committed (each batch, and the end). */
  function follow(): () => void {
    return onEvent((e: DomainEvent) => {
      if (job.value && e.resourceId === job.value.jobId) void refresh();
    });
  }

  /** Forgets the job (to import another file). */
  function clear(): void {
    job.value = null;
  }

  return { job, upload, refresh, follow, clear };
});
