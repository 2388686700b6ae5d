import { defineStore } from 'pinia';
import type { HandlerOutput } from '../../core/index';
import type { Document } from '../../core/documents/schema';
import { api, invoke, onEvent } from '../api/client';
import { apiUpload, type UploadInput } from '../api/upload';

/** A page of documents with their file sizes, as `documents/list` answers. */
export type DocumentPage = HandlerOutput<'documents/list'>;

/** Documents of customers and their beneficial owners: listed, uploaded, replaced, downloaded and deleted. */
export const useDocumentsStore = defineStore('documents', () => {
  /** The documents of one holder: a customer, or a beneficial owner of one. */
  function ofHolder(documentHolder: string): Promise<DocumentPage> {
    return invoke('documents/list', { documentHolder });
  }

  /** The documents supporting one verification. */
  function supporting(verificationId: string): Promise<DocumentPage> {
    return invoke('documents/list', { verificationId, limit: 50 });
  }

  /** Uploads a document (`POST /documents` as multipart, through the bridge); throws the API's refusal (e.g. its 413). */
  function upload(fields: UploadInput['fields'], file: UploadInput['file']): Promise<Document> {
    return apiUpload<Document>('POST /documents', { fields, file });
  }

  /** Replaces a document's file (`PUT /documents/{documentId}`). */
  function replace(documentId: string, file: File): Promise<Document> {
    return apiUpload<Document>('PUT /documents/{documentId}', { params: { documentId }, fields: {}, file });
  }

  /** A document's file: its name, content type and bytes as base64. */
  function download(id: string): Promise<HandlerOutput<'documents/download'>> {
    return invoke('documents/download', { id });
  }

  /** Deletes a document and its file (`DELETE /documents/{documentId}`). */
  async function remove(documentId: string): Promise<void> {
    await api('DELETE /documents/{documentId}', { params: { documentId } });
  }

  /** Calls `run` when a document or a verification changes (a document names the verification it supports); returns the unsubscribe. */
  function watchChanges(run: () => void): () => void {
    return onEvent((e) => {
      if (e.type.startsWith('DOCUMENT.') || e.type.startsWith('VERIFICATION.')) run();
    });
  }

  return { ofHolder, supporting, upload, replace, download, remove, watchChanges };
});
