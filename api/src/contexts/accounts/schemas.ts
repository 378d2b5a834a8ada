// The refusal body and the signed-in routes' 401, from the contracts (docs/architecture.md, "One contract").
export { errorBody as errorSchema } from '@wager/domain/contracts/common';
export { UNAUTHENTICATED_RESPONSES } from '@wager/domain/contracts/accounts';
