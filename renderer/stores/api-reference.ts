import { defineStore } from 'pinia';
import { computed, ref, shallowRef } from 'vue';
import { api, toConsoleError, type ConsoleError } from '../api/client';
import { asOpenApiDocument, groupByTag, listOperations, type OpenApiDocument } from '../lib/openapi';

/** The API reference: the local API's OpenAPI document (`GET /openapi.json`), fetched once and kept. */
export const useApiReferenceStore = defineStore('api-reference', () => {
  const raw = shallowRef<Record<string, unknown> | null>(null);
  const doc = shallowRef<OpenApiDocument | null>(null);
  const loading = ref(false);
  const error = shallowRef<ConsoleError | null>(null);

  /** Fetches the document (again when `force`, since other areas' routes may have been added). */
  async function load(force = false): Promise<void> {
    if ((doc.value && !force) || loading.value) return;
    loading.value = true;
    error.value = null;
    try {
      const body = await api('GET /openapi.json');
      doc.value = asOpenApiDocument(body);
      raw.value = body;
    } catch (err) {
      error.value = toConsoleError(err);
    } finally {
      loading.value = false;
    }
  }

  const operations = computed(() => (doc.value ? listOperations(doc.value) : []));
  const groups = computed(() => groupByTag(operations.value, doc.value?.tags));

  /** The document as formatted JSON text, for copying and downloading. */
  function documentText(): string {
    return `${JSON.stringify(raw.value ?? {}, null, 2)}\n`;
  }

  return { raw, doc, loading, error, load, operations, groups, documentText };
});
