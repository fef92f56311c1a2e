/// <reference lib="webworker" />
/**
 * A pool Worker (pool.ts): verifies chunks of JSON Lines records through the core's
 * verifyRecords and answers with what the table and the batch summary need of each.
 */
import type { InputDocument, PoolReply } from '../core';
import { verifyChunkHere, type RecordPolicy, type VerifiedRecord } from './stream-batch';

declare const self: DedicatedWorkerGlobalScope;

export interface ChunkRequest {
  id: number;
  inputs: InputDocument[];
  rows: number[];
  policy: RecordPolicy;
}

self.onmessage = async (event: MessageEvent<ChunkRequest>) => {
  const { id, inputs, rows, policy } = event.data;
  let response: PoolReply<VerifiedRecord[]>;
  try {
    response = { id, result: await verifyChunkHere(inputs, rows, policy) };
  } catch (error) {
    response = { id, error: error instanceof Error ? error.message : String(error) };
  }
  self.postMessage(response);
};
