import type { DomainEvent } from '../kernel/events';
import type { BridgeResult } from '../api/console-handler';
import type { HandlerInput, HandlerName, HandlerOutput } from './handlers';
import type { ApiRequest, ApiResponse } from './api-request';

/** Which case file to save, and as what: the HTML page itself, or that page printed to PDF. */
export interface CaseFileSaveRequest {
  transactionId: string;
  format: 'html' | 'pdf';
}

/** Where a case file was saved; `saved: false` when the person cancelled the dialog. */
export interface CaseFileSaved {
  saved: boolean;
  path?: string;
}

/**
 * The contract both bridges implement (the Electron preload and the browser bridge over HTTP + SSE).
 * `renderer/api/client.ts` is the only consumer.
 */
export interface ConsoleBridge {
  invoke<K extends HandlerName>(name: K, input: HandlerInput<K>): Promise<BridgeResult<HandlerOutput<K>>>;
  api(request: ApiRequest): Promise<ApiResponse>;
  onEvent(listener: (event: DomainEvent) => void): () => void;
  /** Desktop only: saves a case file through a native save dialog (the browser console downloads it instead). */
  saveCaseFile?(request: CaseFileSaveRequest): Promise<BridgeResult<CaseFileSaved>>;
}
