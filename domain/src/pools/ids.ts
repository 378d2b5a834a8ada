import { v5 as uuidv5 } from 'uuid';

/** The namespace of the pool sagas' deterministic ids. Never change it. */
export const POOL_ID_NAMESPACE = '3c9e2a71-5b4d-5f60-8e21-7a0d4c6b9f13';

/** A deterministic id (UUIDv5) of one step of a pool's saga: the same step always gets the same id. */
export function poolStepId(poolId: string, ...step: string[]): string {
  return uuidv5([poolId, ...step].join('/'), POOL_ID_NAMESPACE);
}
