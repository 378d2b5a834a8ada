import { v5 as uuidv5 } from 'uuid';

/** The namespace of the bet sagas' deterministic ids. */
export const BET_ID_NAMESPACE = '0b0f6a52-8c1d-5e43-9a27-3f6d2c8e1b74';

/** A deterministic id (UUIDv5) of one step of a bet's saga: the same step always gets the same id. */
export function betStepId(betId: string, ...step: string[]): string {
  return uuidv5([betId, ...step].join('/'), BET_ID_NAMESPACE);
}
